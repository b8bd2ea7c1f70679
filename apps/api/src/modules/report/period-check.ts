import type { z } from 'zod';

/**
 * The check of a report's period (from, to: Riyadh days, both included), for `superRefine`: both
 * bounds given, the end not before the start, and no longer than `maxDays` (else `tooLong`).
 */
export const periodCheck =
  (maxDays: number, tooLong: string) =>
  (q: { from?: string | null; to?: string | null }, ctx: z.RefinementCtx) => {
    if (!q.from)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'بداية الفترة مطلوبة (YYYY-MM-DD)' });
    if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'نهاية الفترة مطلوبة (YYYY-MM-DD)' });
    if (!q.from || !q.to) return;
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'نهاية الفترة قبل بدايتها' });
    else if (days > maxDays) ctx.addIssue({ code: 'custom', path: ['to'], message: tooLong });
  };
