import { type AgingDocument, agingBuckets, fromHalalas, riyadhDayOf, toHalalas } from '@idara/domain';
import { z } from 'zod';
import type { einvoices } from '../../db/schema';

export const reportTags = ['reports'];

/** Rows already in memory as the export path reads them. */
export async function* each<T>(rows: T[]): AsyncGenerator<T> {
  yield* rows;
}

/** A database sum (bigint text or null) as a decimal-string amount. */
export const money = (v: unknown) => fromHalalas(Number(v ?? 0));

/** The aging report's figures: the buckets, then the open balance. */
export const agingFigureKeys = [...agingBuckets, 'total'] as const;

/** An issued document as the aging rule reads it: due on its Riyadh issue day (no payment terms yet). */
export const agingDocumentOf = (d: typeof einvoices.$inferSelect): AgingDocument => ({
  id: d._id,
  kind: d.kind as AgingDocument['kind'],
  seq: d.seq,
  due: riyadhDayOf(d.issuedAt),
  amount: toHalalas(d.total),
  corrects: d.corrects,
});

/** A report's page of rows (the totals always cover every row, not only the page). */
export const reportPage = {
  page: z.coerce.number().int().min(1, { message: 'رقم الصفحة غير صحيح' }).optional().default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(500, { message: 'الحد الأقصى 500 صف في الصفحة' })
    .optional()
    .default(50),
};
