import { agingBuckets, fromHalalas } from '@idara/domain';

export const reportTags = ['reports'];

/** A database sum (bigint text or null) as a decimal-string amount. */
export const money = (v: unknown) => fromHalalas(Number(v ?? 0));

/** The aging report's figures: the buckets, then the open balance. */
export const agingFigureKeys = [...agingBuckets, 'total'] as const;
