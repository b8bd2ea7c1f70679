import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysBetween } from './aging';
import {
  currentOccurrence,
  insideWindow,
  isReminderTemplate,
  isRiyadhFriday,
  planReminders,
  type ReminderDocument,
  type ReminderRule,
  reminderKey,
  skipReasons,
} from './reminders';

const rule = (over: Partial<ReminderRule> = {}): ReminderRule => ({
  id: 'r1',
  name: 'بعد أسبوع',
  daysAfterDue: 7,
  repeatEveryDays: 0,
  windowStart: '09:00',
  windowEnd: '17:00',
  template: 'payment_reminder',
  enabled: true,
  ...over,
});
const doc = (over: Partial<ReminderDocument> = {}): ReminderDocument => ({
  einvoice: 'e1',
  number: 'INV-1',
  orderNumber: 1,
  customer: 'c1',
  customerName: 'سارة',
  due: '2026-03-01',
  open: 10_000,
  whatsapp: '966500000001',
  remindersStopped: false,
  ...over,
});
/** 10:00 Riyadh (07:00 UTC) on a day. */
const at = (day: string, utc = '07:00') => new Date(`${day}T${utc}:00Z`);

describe('reminder rules', () => {
  it('knows Riyadh Fridays and the send window in Riyadh time', () => {
    expect(isRiyadhFriday('2026-03-06')).toBe(true);
    expect(isRiyadhFriday('2026-03-07')).toBe(false);
    expect(insideWindow(at('2026-03-08', '06:00'), '09:00', '17:00')).toBe(true); // 09:00 Riyadh
    expect(insideWindow(at('2026-03-08', '05:59'), '09:00', '17:00')).toBe(false);
    expect(insideWindow(at('2026-03-08', '14:00'), '09:00', '17:00')).toBe(false); // 17:00, end excluded
  });

  it('accepts only approved templates whose values a reminder can fill', () => {
    expect(isReminderTemplate('payment_reminder')).toBe(true);
    expect(isReminderTemplate('invoice_link')).toBe(false);
    expect(isReminderTemplate('password_reset_code')).toBe(false);
    expect(isReminderTemplate('no_such')).toBe(false);
  });

  it('sends occurrence 0 daysAfterDue days after the due day, then every repeatEveryDays', () => {
    const r = rule({ repeatEveryDays: 3 });
    expect(currentOccurrence(r, '2026-03-01', '2026-03-07')).toBeNull();
    expect(currentOccurrence(r, '2026-03-01', '2026-03-08')).toBe(0);
    expect(currentOccurrence(r, '2026-03-01', '2026-03-10')).toBe(0);
    expect(currentOccurrence(r, '2026-03-01', '2026-03-11')).toBe(1);
    expect(currentOccurrence(rule(), '2026-03-01', '2026-09-01')).toBe(0);
  });

  it('lists the candidate with an Arabic reason, and skips with the reason why', () => {
    const plan = planReminders(
      [rule(), rule({ id: 'off', enabled: false })],
      [
        doc(),
        doc({ einvoice: 'e2', customer: 'c2', whatsapp: '' }),
        doc({ einvoice: 'e3', customer: 'c3', remindersStopped: true }),
        doc({ einvoice: 'e4', open: 0 }),
        doc({ einvoice: 'e5', due: '2026-03-05' }),
      ],
      new Set(),
      at('2026-03-08'),
    );
    expect(plan.friday).toBe(false);
    expect(plan.entries.map((e) => [e.einvoice, e.send, e.reason])).toEqual([
      ['e1', true, 'متأخرة 7 أيام عن الاستحقاق — التذكير رقم 1 حسب قاعدة «بعد أسبوع»'],
      ['e2', false, skipReasons.noWhatsapp],
      ['e3', false, skipReasons.stopped],
    ]);
  });

  it('sends nothing on a Friday, and says so', () => {
    const plan = planReminders([rule({ daysAfterDue: 5 })], [doc()], new Set(), at('2026-03-06'));
    expect(plan.friday).toBe(true);
    expect(plan.entries).toMatchObject([{ send: false, reason: skipReasons.friday }]);
  });

  it('never sends a (rule, document, occurrence) twice, and carries an occurrence over a missed day', () => {
    const r = rule({ repeatEveryDays: 0, daysAfterDue: 5 });
    const sent = new Set([reminderKey('r1', 'e1', 0)]);
    expect(planReminders([r], [doc()], sent, at('2026-03-07')).entries).toMatchObject([
      { send: false, reason: skipReasons.sent },
    ]);
    // Due on Friday 2026-03-06, not sent: goes out on Saturday.
    expect(planReminders([r], [doc()], new Set(), at('2026-03-07')).entries).toMatchObject([
      { send: true, occurrence: 0 },
    ]);
  });

  it('property: a candidate is never a Friday, a stopped or unreachable customer, a closed or sent one', () => {
    const day = fc
      .integer({ min: 0, max: 400 })
      .map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.record({
          daysAfterDue: fc.integer({ min: 1, max: 60 }),
          repeatEveryDays: fc.integer({ min: 0, max: 30 }),
        }),
        fc.array(
          fc.record({
            due: day,
            open: fc.integer({ min: -100, max: 1_000_000 }),
            whatsapp: fc.constantFrom('', '966500000001'),
            remindersStopped: fc.boolean(),
          }),
          { maxLength: 8 },
        ),
        day,
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        fc.boolean(),
        (r, docs, today, minute, markSent) => {
          const documents = docs.map((d, i) => doc({ ...d, einvoice: `e${i}` }));
          const now = new Date(Date.parse(`${today}T00:00:00Z`) - 3 * 3600_000 + minute * 60_000);
          const first = planReminders([rule(r)], documents, new Set(), now);
          const sent = new Set(
            markSent ? first.entries.map((e) => reminderKey(e.rule, e.einvoice, e.occurrence)) : [],
          );
          const plan = planReminders([rule(r)], documents, sent, now);
          expect(plan.today).toBe(today);
          for (const e of plan.entries) {
            const d = documents.find((x) => x.einvoice === e.einvoice) as ReminderDocument;
            expect(d.open).toBeGreaterThan(0);
            expect(e.daysOverdue).toBe(daysBetween(d.due, today));
            expect(e.daysOverdue).toBeGreaterThanOrEqual(r.daysAfterDue);
            if (r.repeatEveryDays === 0) expect(e.occurrence).toBe(0);
            else
              expect(e.daysOverdue - r.daysAfterDue - e.occurrence * r.repeatEveryDays).toSatisfy(
                (n: number) => n >= 0 && n < r.repeatEveryDays,
              );
            if (e.send) {
              expect(isRiyadhFriday(today)).toBe(false);
              expect(d.remindersStopped).toBe(false);
              expect(d.whatsapp).not.toBe('');
              expect(markSent).toBe(false);
            }
          }
          // Every open document past its first occurrence is listed once.
          const due = documents.filter((d) => d.open > 0 && daysBetween(d.due, today) >= r.daysAfterDue);
          expect(plan.entries.map((e) => e.einvoice)).toEqual(due.map((d) => d.einvoice));
        },
      ),
    );
  });
});
