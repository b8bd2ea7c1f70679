import { sql } from 'drizzle-orm';
import { einvoices } from '../../db/schema';

/**
 * The documents that count in any total, as SQL: all but those FATOORA rejected
 * (`einvoiceCountsInTotals` in packages/domain receivables.ts says the same for one document).
 */
export const countedDocuments = (table: { status: typeof einvoices.status } = einvoices) =>
  sql`${table.status} <> 'rejected'`;

/** The same condition for raw SQL over `einvoices` under an alias (`e`). */
export const countedDocumentsSql = (alias: string) => sql.raw(`${alias}.status <> 'rejected'`);
