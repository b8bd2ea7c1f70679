import { eq } from 'drizzle-orm';
import { einvoiceSubmissions } from '../db/schema';
import type { TestApp } from './harness';

/** Makes the document's waiting submission due now (not after its back-off) and lets the worker run it. */
export async function retryNow(t: TestApp, einvoiceId: string) {
  await t.db
    .update(einvoiceSubmissions)
    .set({ nextAttemptAt: new Date() })
    .where(eq(einvoiceSubmissions.einvoice, einvoiceId));
  await t.app.submissions.settled();
}
