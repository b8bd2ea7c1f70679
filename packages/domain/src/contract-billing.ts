import { contractEndDate } from './visit-planning';
import type { ContractBilling } from './visits';

/**
 * What a customer contract bills and when: one tax invoice at the start (`upfront`), one per month
 * or quarter from the start (`per_period`), or one per visit when it is done (`per_visit`). The
 * price is split in halalas, evenly, the remainder on the last bill, so the bills add up to it exactly.
 */
export interface ContractBill {
  /** 1…n: the contract's bill number (for per_visit, the visit's place in the plan). */
  period: number;
  /** The Riyadh day it falls due on; none for per_visit (the visit's completion decides). */
  day: string | null;
  amount: number;
  /** Said on the invoice's line: «… — الفترة 2 من 4 (2027-04-01 – 2027-06-30)». */
  label: string;
  startDate: string;
  endDate: string;
}

export interface ContractBillingInput {
  billing: ContractBilling;
  billingPeriod: 'month' | 'quarter';
  startDate: string;
  endDate: string;
  durationMonths: number;
  /** The number of visits its type plans (per_visit bills). */
  visits: number;
  /** The contract's price, in halalas. */
  price: number;
  /** «صيانة مكيفات ربع سنوية — عقد رقم 12». */
  title: string;
}

const split = (total: number, parts: number) =>
  Array.from({ length: parts }, (_, i) =>
    i === parts - 1 ? total - Math.floor(total / parts) * (parts - 1) : Math.floor(total / parts),
  );

export function contractBills(c: ContractBillingInput): ContractBill[] {
  if (c.billing === 'upfront')
    return [
      {
        period: 1,
        day: c.startDate,
        amount: c.price,
        label: c.title,
        startDate: c.startDate,
        endDate: c.endDate,
      },
    ];
  if (c.billing === 'per_visit') {
    const n = Math.max(c.visits, 1);
    return split(c.price, n).map((amount, i) => ({
      period: i + 1,
      day: null,
      amount,
      label: `${c.title} — الزيارة ${i + 1} من ${n}`,
      startDate: c.startDate,
      endDate: c.endDate,
    }));
  }
  const months = c.billingPeriod === 'quarter' ? 3 : 1;
  const n = Math.ceil(c.durationMonths / months);
  return split(c.price, n).map((amount, i) => {
    const startDate = i === 0 ? c.startDate : addMonths(c.startDate, i * months);
    const endDate = i === n - 1 ? c.endDate : contractEndDate(startDate, months);
    return {
      period: i + 1,
      day: startDate,
      amount,
      label: `${c.title} — الفترة ${i + 1} من ${n} (${startDate} – ${endDate})`,
      startDate,
      endDate,
    };
  });
}

/** The same day `months` later (the month's last day when it has fewer). */
function addMonths(day: string, months: number) {
  const end = contractEndDate(day, months);
  const [y, m, d] = end.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
