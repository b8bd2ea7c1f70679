import { describe, expect, it } from 'vitest';
import { backupWarning } from './backup';

const now = new Date('2026-11-24T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000).toISOString();

describe('backupWarning', () => {
  it('is quiet while the last backup is under two days old', () => {
    expect(
      backupWarning({ lastSuccessAt: hoursAgo(47), lastError: null, intervalHours: 24 }, now),
    ).toBeNull();
  });

  it('warns when the last backup is over two days old', () => {
    expect(backupWarning({ lastSuccessAt: hoursAgo(49), lastError: null, intervalHours: 24 }, now)).toBe(
      'آخر نسخة احتياطية أُخذت منذ يومين.',
    );
  });

  it('warns when the last attempt failed, with its reason', () => {
    const warning = backupWarning(
      {
        lastSuccessAt: hoursAgo(30),
        lastError: { message: 'لا توجد مساحة كافية على القرص لحفظ النسخة الاحتياطية', at: hoursAgo(2) },
        intervalHours: 24,
      },
      now,
    );
    expect(warning).toBe(
      'فشلت آخر محاولة للنسخ الاحتياطي (منذ ساعتين): لا توجد مساحة كافية على القرص لحفظ النسخة الاحتياطية',
    );
  });

  it('warns when there is no backup and the schedule is off, not while the first is on its way', () => {
    expect(backupWarning({ lastSuccessAt: null, lastError: null, intervalHours: 0 }, now)).toMatch(/متوقف/);
    expect(backupWarning({ lastSuccessAt: null, lastError: null, intervalHours: 24 }, now)).toBeNull();
  });
});
