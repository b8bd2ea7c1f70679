import { type EinvoiceKind, einvoiceKindLabels, toHalalas } from '@idara/domain';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../db/client';
import { einvoiceSubmissions, einvoices, orders } from '../db/schema';
import { recordActivity } from '../lib/activity';
import { moveOrderMoney } from '../modules/invoice/order-money';
import { activeCredential } from './credentials';
import { FatooraUnreachable, fatooraClient, type SubmissionAnswer } from './fatoora-client';
import { zatcaMessages } from './onboarding';

/**
 * Reports simplified documents and clears standard ones, in the background: nothing a person waits
 * on touches the network. Each pending document has one `einvoice_submissions` row; a node takes a
 * due row by moving its lease (`locked_until`) in one statement, so two nodes never send the same
 * document at once, and a row is marked done in the same transaction that records ZATCA's answer,
 * so nothing is lost or sent twice after a crash (a repeat of an accepted one answers 409: done).
 * Network failures and 5xx retry with growing delays.
 */

const LEASE_MS = 60_000;
const POLL_MS = 10_000;
/** Simplified documents must be reported within 24 hours; from 20 they need someone's attention. */
export const OVERDUE_HOURS = 20;

/** A simplified document still not reported OVERDUE_HOURS after issue (ZATCA allows 24). */
export const overdueSimplified = () =>
  and(
    eq(einvoices.status, 'pending'),
    eq(einvoices.scope, 'simplified'),
    lt(einvoices.issuedAt, new Date(Date.now() - OVERDUE_HOURS * 3_600_000)),
  );
const OVERDUE_CHECK_MS = 60_000;
const backoffMs = (attempts: number) => Math.min(60 * 60_000, 5_000 * 2 ** Math.max(0, attempts - 1));

const qrOf = (xml: string) =>
  /<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</.exec(xml)?.[1];

export class SubmissionWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private overdueCheckedAt = 0;

  constructor(private readonly app: FastifyInstance) {}

  start() {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Runs a pass now (one at a time per process). */
  kick() {
    if (this.stopped) return;
    if (!this.running)
      this.running = this.drain()
        .catch((err) => this.app.log.error({ err }, 'e-invoice submissions failed'))
        .finally(() => {
          this.running = undefined;
        });
    return this.running;
  }

  /** Waits for the pass under way, then runs one more: everything due by now is done. */
  async settled() {
    await this.running;
    await this.drain();
    await this.running;
  }

  /** Everything due, one document at a time, until nothing is left. */
  async drain() {
    if (Date.now() - this.overdueCheckedAt >= OVERDUE_CHECK_MS) await this.noticeOverdue();
    while (!this.stopped && (await this.submitOne())) {
      // next
    }
  }

  private async claim() {
    const now = new Date();
    const due = this.app.db
      .select({ _id: einvoiceSubmissions._id })
      .from(einvoiceSubmissions)
      .where(
        and(
          isNull(einvoiceSubmissions.doneAt),
          lte(einvoiceSubmissions.nextAttemptAt, now),
          or(isNull(einvoiceSubmissions.lockedUntil), lt(einvoiceSubmissions.lockedUntil, now)),
        ),
      )
      .orderBy(einvoiceSubmissions.nextAttemptAt)
      .limit(1);
    const [claimed] = await this.app.db
      .update(einvoiceSubmissions)
      .set({
        lockedUntil: new Date(now.getTime() + LEASE_MS),
        attempts: sql`${einvoiceSubmissions.attempts} + 1`,
      })
      .where(
        and(
          sql`${einvoiceSubmissions._id} = (${due})`,
          or(isNull(einvoiceSubmissions.lockedUntil), lt(einvoiceSubmissions.lockedUntil, now)),
        ),
      )
      .returning();
    return claimed;
  }

  /** One due document: true when there was one. */
  async submitOne(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    const [doc] = await this.app.db.select().from(einvoices).where(eq(einvoices._id, job.einvoice));
    const credential = await activeCredential(this.app.db);
    if (
      !doc?.xml ||
      credential.kind !== 'production' ||
      !credential.binarySecurityToken ||
      !credential.secret
    ) {
      await this.retryLater(job._id, job.attempts, 'no production credential');
      return true;
    }
    const client = fatooraClient(this.app.config);
    const creds = { binarySecurityToken: credential.binarySecurityToken, secret: credential.secret };
    const body = {
      invoiceHash: doc.hash ?? '',
      uuid: doc.uuid,
      invoice: Buffer.from(doc.xml).toString('base64'),
    };
    let answer: { status: number; body: SubmissionAnswer };
    try {
      answer = job.action === 'clear' ? await client.clear(creds, body) : await client.report(creds, body);
    } catch (err) {
      if (!(err instanceof FatooraUnreachable)) throw err;
      await this.retryLater(job._id, job.attempts, `unreachable: ${err.message}`);
      return true;
    }
    const { status } = answer;
    if (status >= 500 || status === 429 || status === 401) {
      // 401: the credential was revoked or expired; it is retried after renewal, and the home screen shows it pending.
      await this.retryLater(job._id, job.attempts, `HTTP ${status}`);
      return true;
    }
    const messages = zatcaMessages(answer.body?.validationResults);
    let next: { status: string; xml?: string; qr?: string };
    if (status === 200 || status === 202 || status === 409) {
      const warned = status === 202 || messages.length > 0;
      if (job.action === 'clear') {
        const cleared = answer.body?.clearedInvoice
          ? Buffer.from(answer.body.clearedInvoice, 'base64').toString('utf8')
          : undefined;
        next = { status: 'cleared', ...(cleared ? { xml: cleared, qr: qrOf(cleared) ?? undefined } : {}) };
      } else next = { status: warned && status !== 409 ? 'reported_with_warnings' : 'reported' };
    } else {
      next = { status: 'rejected' };
    }
    await this.app.db.transaction(async (tx) => {
      if (next.status === 'rejected') await recordRejection(tx, doc._id, messages);
      await tx
        .update(einvoices)
        .set({
          status: next.status,
          zatcaMessages: messages,
          submittedAt: new Date(),
          updatedAt: new Date(),
          ...(next.xml ? { xml: next.xml } : {}),
          ...(next.qr ? { qr: next.qr } : {}),
        })
        .where(eq(einvoices._id, doc._id));
      await tx
        .update(einvoiceSubmissions)
        .set({
          doneAt: new Date(),
          lockedUntil: null,
          lastError: status === 200 ? '' : `HTTP ${status}`,
          updatedAt: new Date(),
        })
        .where(eq(einvoiceSubmissions._id, job._id));
    });
    const event =
      next.status === 'cleared'
        ? 'einvoice.cleared'
        : next.status === 'rejected'
          ? 'einvoice.rejected'
          : 'einvoice.reported';
    this.app.events.emit(event, { einvoiceId: doc._id });
    return true;
  }

  /**
   * Simplified documents still unreported 20 hours after issue: each is marked and announced once,
   * by whichever node marks it first (the mark and the check are one statement).
   */
  async noticeOverdue() {
    this.overdueCheckedAt = Date.now();
    const late = this.app.db.select({ _id: einvoices._id }).from(einvoices).where(overdueSimplified());
    const marked = await this.app.db
      .update(einvoiceSubmissions)
      .set({ overdueNotifiedAt: new Date() })
      .where(
        and(
          isNull(einvoiceSubmissions.doneAt),
          isNull(einvoiceSubmissions.overdueNotifiedAt),
          inArray(einvoiceSubmissions.einvoice, late),
        ),
      )
      .returning({ einvoiceId: einvoiceSubmissions.einvoice });
    for (const { einvoiceId } of marked) this.app.events.emit('einvoice.overdue', { einvoiceId });
    return marked.length;
  }

  private async retryLater(id: string, attempts: number, error: string) {
    await this.app.db
      .update(einvoiceSubmissions)
      .set({
        lockedUntil: null,
        lastError: error,
        nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
        updatedAt: new Date(),
      })
      .where(eq(einvoiceSubmissions._id, id));
  }
}

const zatcaActor = { actorId: null, actorName: 'هيئة الزكاة والضريبة والجمارك', ip: '', userAgent: '' };

/**
 * A document FATOORA rejected is not a tax document: it leaves its order's totals (and with them the
 * statement, the aging and the VAT return, which count only documents not rejected), in the same
 * transaction that marks it, with its activity row. The order can then be invoiced again by a
 * corrected document with its own number and the next ICV, chained after the rejected one.
 */
export async function recordRejection(tx: Tx, id: string, messages: ReturnType<typeof zatcaMessages>) {
  const [doc] = await tx.select().from(einvoices).where(eq(einvoices._id, id)).for('update');
  if (!doc || doc.status === 'rejected') return;
  await tx
    .update(einvoices)
    .set({ status: 'rejected', zatcaMessages: messages, updatedAt: new Date() })
    .where(eq(einvoices._id, id));
  const [order] = await tx.select().from(orders).where(eq(orders._id, doc.order)).for('update');
  const signed = (doc.kind === 'credit' ? -1 : 1) * toHalalas(doc.total);
  if (order) await moveOrderMoney(tx, order, doc.kind as EinvoiceKind, -signed);
  const why = messages
    .map((m) => m.message)
    .filter(Boolean)
    .slice(0, 3)
    .join('؛ ');
  await recordActivity(tx, zatcaActor, {
    action: 'update',
    entity: 'einvoice',
    entityId: id,
    summary: `رفضت الهيئة ${einvoiceKindLabels[doc.kind as EinvoiceKind]} رقم ${doc.number} للطلب رقم ${doc.orderNumber}، فلا تُحسب${why ? `: ${why}` : ''}`,
    before: { status: doc.status },
    after: { status: 'rejected' },
  });
}
