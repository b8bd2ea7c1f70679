import {
  fromHalalas,
  insideWindow,
  isRiyadhFriday,
  type ReminderEntry,
  riyadhDayBounds,
  riyadhDayOf,
} from '@idara/domain';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { reminderSends } from '../../db/schema';
import { MinuteTick } from '../../lib/minute-tick';
import { canonicalPhone, presentMessage, pushMessage, queueSystemTemplate } from '../whatsapp/service';
import { enabledRules, loadPlan } from './plan';

/**
 * Sends due reminders once a minute: nothing while no rule is enabled, on a Riyadh Friday or outside
 * every rule's window. Each send inserts its reminder_sends row and queues its WhatsApp template in
 * one transaction; the row's unique key (rule, document, occurrence) makes a second tick or a second
 * process insert nothing and queue nothing.
 */
export class ReminderScheduler extends MinuteTick<number> {
  protected readonly failure = 'reminder tick failed';

  /** Sends what is due now; answers how many reminders this call queued. */
  async tick(now = this.now()): Promise<number> {
    const rules = await enabledRules(this.app.db);
    if (rules.length === 0 || isRiyadhFriday(riyadhDayOf(now))) return 0;
    const open = rules.filter((r) => insideWindow(now, r.windowStart, r.windowEnd));
    if (open.length === 0) return 0;
    const plan = await loadPlan(this.app.db, now, open);
    let queued = 0;
    for (const entry of plan.entries) if (entry.send && (await this.sendOne(entry, open, now))) queued++;
    if (queued) this.app.whatsapp.dispatcher?.kick();
    return queued;
  }

  private async sendOne(entry: ReminderEntry, rules: { id: string; template: string }[], now: Date) {
    const template = rules.find((r) => r.id === entry.rule)?.template ?? '';
    const params = {
      customerName: entry.customerName,
      amount: fromHalalas(entry.open),
      orderNumber: String(entry.orderNumber),
      invoiceNumber: entry.number,
    };
    const row = await this.app.db.transaction(async (tx) => {
      // At most one reminder per document per Riyadh day, whatever the rules: the document is locked
      // while today's sends are looked at, so two rules (or two processes) cannot both send.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reminder:${entry.einvoice}`}))`);
      const today = riyadhDayBounds(riyadhDayOf(now));
      const [sentToday] = await tx
        .select({ _id: reminderSends._id })
        .from(reminderSends)
        .where(
          and(
            eq(reminderSends.einvoice, entry.einvoice),
            gte(reminderSends.sentAt, today.start),
            lte(reminderSends.sentAt, today.end),
          ),
        )
        .limit(1);
      if (sentToday) return null;
      const [claimed] = await tx
        .insert(reminderSends)
        .values({
          rule: entry.rule,
          einvoice: entry.einvoice,
          occurrence: entry.occurrence,
          customer: entry.customer,
          sentAt: now,
        })
        .onConflictDoNothing()
        .returning({ _id: reminderSends._id });
      if (!claimed) return null;
      const row = await queueSystemTemplate(tx, this.app.whatsapp.channel, {
        customer: entry.customer,
        phone: canonicalPhone(entry.whatsapp),
        template,
        params,
        summary: `تذكير واتساب للعميل «${entry.customerName}» بالفاتورة ${entry.number} (${entry.reason})`,
      });
      await tx.update(reminderSends).set({ message: row._id }).where(eq(reminderSends._id, claimed._id));
      return row;
    });
    if (row) await pushMessage(this.app, 'message', presentMessage(row));
    return row !== null;
  }
}
