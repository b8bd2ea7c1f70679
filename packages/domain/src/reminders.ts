import { daysBetween } from './aging';
import { riyadhDayBounds, riyadhDayOf } from './hijri';
import { arabicPlural, DAYS_ACCUSATIVE } from './plural';
import { findTemplate } from './whatsapp';

/**
 * Reminders for overdue balances. The rule, which the API's preview and its sending tick both follow:
 *
 * - Each open debit (invoice or debit note) is due on its Riyadh issue day and open for what the
 *   aging rule (aging.ts `openAmounts`) leaves unpaid; fully paid documents get no reminder.
 * - A rule reminds `daysAfterDue` days after the due day (occurrence 0), then every `repeatEveryDays`
 *   days (occurrence k on due + daysAfterDue + k·repeatEveryDays); `repeatEveryDays` 0 means once.
 * - On a given Riyadh day the candidate is the occurrence due that day **or most recently before
 *   it**: an occurrence that fell on a Friday, or on a day nothing ran, goes out on the next sending
 *   day, and never more than one occurrence per rule and document in a day.
 * - Never on a Friday (Riyadh day), never for a customer whose reminders are stopped, never to a
 *   customer without a WhatsApp number, and only between `windowStart` and `windowEnd` (Riyadh time,
 *   end excluded) when sending; the dry run lists the day's candidates and says whether now is inside
 *   each rule's window.
 * - Each (rule, document, occurrence) is sent at most once — a unique key in the database holds it
 *   against two processes or two ticks — which is how "at most once per rule per invoice" reads with
 *   repeats: once per occurrence.
 */

export interface ReminderRule {
  id: string;
  name: string;
  daysAfterDue: number;
  /** 0: once. */
  repeatEveryDays: number;
  /** "HH:MM", Riyadh time. */
  windowStart: string;
  windowEnd: string;
  template: string;
  enabled: boolean;
}

/** An open debit of a customer, as the reminder rule sees it. */
export interface ReminderDocument {
  einvoice: string;
  number: string;
  orderNumber: number;
  customer: string;
  customerName: string;
  /** Due day, YYYY-MM-DD (Riyadh). */
  due: string;
  /** Open amount in halalas (aging.ts `openAmounts`). */
  open: number;
  /** The customer's WhatsApp number, '' when they gave none. */
  whatsapp: string;
  remindersStopped: boolean;
}

export interface ReminderEntry {
  rule: string;
  ruleName: string;
  einvoice: string;
  number: string;
  orderNumber: number;
  customer: string;
  customerName: string;
  whatsapp: string;
  open: number;
  daysOverdue: number;
  occurrence: number;
  /** Goes out today (inside the rule's window). */
  send: boolean;
  insideWindow: boolean;
  reason: string;
}

export interface ReminderPlan {
  today: string;
  friday: boolean;
  entries: ReminderEntry[];
}

/** Template parameters a reminder can fill from its document. */
const fillable = new Set(['customerName', 'amount', 'orderNumber', 'invoiceNumber']);

/** Templates a reminder rule may use: registered with WhatsApp, every parameter fillable. */
export function isReminderTemplate(name: string) {
  const t = findTemplate(name);
  return Boolean(t && name !== 'password_reset_code' && t.params.every((p) => fillable.has(p.key)));
}

export const reminderTemplateNames = ['payment_reminder'].filter(isReminderTemplate);

export const skipReasons = {
  friday: 'لا تُرسل التذكيرات يوم الجمعة',
  stopped: 'التذكيرات موقوفة لهذا العميل',
  noWhatsapp: 'لا يوجد رقم واتساب للعميل',
  sent: 'أُرسل هذا التذكير من قبل',
  outsideWindow: 'خارج نافذة الإرسال اليومية',
} as const;

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isTimeOfDay(value: string) {
  return HHMM.test(value);
}

function minutesOf(hhmm: string) {
  const m = HHMM.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
}

/** Whether `now` falls in [start, end) Riyadh time. */
export function insideWindow(now: Date, windowStart: string, windowEnd: string) {
  const sinceMidnight = Math.floor(
    (now.getTime() - riyadhDayBounds(riyadhDayOf(now)).start.getTime()) / 60_000,
  );
  return sinceMidnight >= minutesOf(windowStart) && sinceMidnight < minutesOf(windowEnd);
}

export function isRiyadhFriday(day: string) {
  return new Date(`${day}T00:00:00Z`).getUTCDay() === 5;
}

/** The occurrence due on `today` or most recently before it; null before the first one. */
export function currentOccurrence(
  rule: Pick<ReminderRule, 'daysAfterDue' | 'repeatEveryDays'>,
  due: string,
  today: string,
) {
  const since = daysBetween(due, today) - rule.daysAfterDue;
  if (since < 0) return null;
  return rule.repeatEveryDays > 0 ? Math.floor(since / rule.repeatEveryDays) : 0;
}

export const reminderKey = (rule: string, einvoice: string, occurrence: number) =>
  `${rule}/${einvoice}/${occurrence}`;

/**
 * Who is reminded on `now`'s Riyadh day, by which enabled rule and occurrence, and who is skipped
 * and why. `sent` holds the keys (`reminderKey`) already sent.
 */
export function planReminders(
  rules: readonly ReminderRule[],
  documents: readonly ReminderDocument[],
  sent: ReadonlySet<string>,
  now: Date,
): ReminderPlan {
  const today = riyadhDayOf(now);
  const friday = isRiyadhFriday(today);
  const entries: ReminderEntry[] = [];
  for (const rule of rules) {
    if (!rule.enabled) continue;
    const inside = insideWindow(now, rule.windowStart, rule.windowEnd);
    for (const d of documents) {
      if (d.open <= 0) continue;
      const occurrence = currentOccurrence(rule, d.due, today);
      if (occurrence === null) continue;
      const daysOverdue = daysBetween(d.due, today);
      const skip = friday
        ? skipReasons.friday
        : d.remindersStopped
          ? skipReasons.stopped
          : !d.whatsapp
            ? skipReasons.noWhatsapp
            : sent.has(reminderKey(rule.id, d.einvoice, occurrence))
              ? skipReasons.sent
              : null;
      const due = `متأخرة ${arabicPlural(daysOverdue, DAYS_ACCUSATIVE)} عن الاستحقاق — التذكير رقم ${occurrence + 1} حسب قاعدة «${rule.name}»`;
      entries.push({
        rule: rule.id,
        ruleName: rule.name,
        einvoice: d.einvoice,
        number: d.number,
        orderNumber: d.orderNumber,
        customer: d.customer,
        customerName: d.customerName,
        whatsapp: d.whatsapp,
        open: d.open,
        daysOverdue,
        occurrence,
        send: skip === null,
        insideWindow: inside,
        reason: skip ?? (inside ? due : `${due}؛ ${skipReasons.outsideWindow} الآن`),
      });
    }
  }
  return { today, friday, entries };
}
