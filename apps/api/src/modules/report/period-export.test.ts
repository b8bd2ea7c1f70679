import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/fixture';

/**
 * The exports of a period's report (periodExportRoute): a bad file type or period is refused with
 * an Arabic message before any file is sent, and only the report's own permission opens it.
 */

const t = useTestApp();
const period = 'from=2026-01-01&to=2026-01-31';

describe.each([
  ['/api/report/vat/export', 'report:vat', 'report:visits'],
  ['/api/report/visits/export', 'report:visits', 'report:vat'],
])('%s', (path, permission, other) => {
  it('refuses a bad file type or period in Arabic before streaming', async () => {
    for (const query of [
      `fileType=docx&${period}`,
      'fileType=csv&from=2026-03-31&to=2026-01-01',
      'fileType=xlsx&from=2024-01-01&to=2026-01-01',
      'fileType=csv',
    ]) {
      const res = await t.get(`${path}?${query}`);
      expect([400, 422], query).toContain(res.statusCode);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json().message, query).toMatch(/[\u0600-\u06FF]/);
    }
    const refused = await t.get(`${path}?fileType=csv&from=2026-03-31&to=2026-01-01`);
    expect(refused.json().fieldErrors.to).toBe('نهاية الفترة قبل بدايتها');
  });

  it(`is for ${permission} holders only`, async () => {
    const token = (await t.userWith('employee', [other])).token;
    expect((await t.get(`${path}?fileType=csv&${period}`, token)).statusCode).toBe(403);
    const holder = (await t.userWith('employee', [permission])).token;
    expect((await t.get(`${path}?fileType=csv&${period}`, holder)).statusCode).toBe(200);
  });
});
