/**
 * A visit's life: planned → on the way → arrived → started → done; or missed, or cancelled. What
 * the board, the technician's phone and the reports say of each, and which step may follow which.
 */
export const visitStatuses = [
  'planned',
  'on_the_way',
  'arrived',
  'started',
  'done',
  'missed',
  'cancelled',
] as const;
export type VisitStatus = (typeof visitStatuses)[number];

export const visitStatusLabels: Record<VisitStatus, string> = {
  planned: 'مجدولة',
  on_the_way: 'في الطريق',
  arrived: 'وصل الفني',
  started: 'بدأ العمل',
  done: 'منجزة',
  missed: 'فائتة',
  cancelled: 'ملغاة',
};

/** The statuses a visit is still to be done in: it books its technicians' time and can be overdue. */
export const openVisitStatuses: readonly VisitStatus[] = ['planned', 'on_the_way', 'arrived', 'started'];
export const isOpenVisit = (status: string) => (openVisitStatuses as readonly string[]).includes(status);

const forward: Record<VisitStatus, readonly VisitStatus[]> = {
  planned: ['on_the_way', 'arrived', 'started', 'done', 'missed', 'cancelled'],
  on_the_way: ['arrived', 'started', 'done', 'missed', 'cancelled'],
  arrived: ['started', 'done', 'missed', 'cancelled'],
  started: ['done', 'cancelled'],
  done: [],
  missed: ['planned'],
  cancelled: [],
};

/** Whether `to` may follow `from` (a missed visit may be planned again; done and cancelled are final). */
export const canMoveVisit = (from: VisitStatus, to: VisitStatus) => forward[from].includes(to);

/** Overdue: its time has passed and it is not done, missed or cancelled. */
export function isOverdueVisit(
  visit: { status: string; scheduledAt: Date | string; durationMinutes: number },
  now: Date = new Date(),
) {
  const end = new Date(visit.scheduledAt).getTime() + visit.durationMinutes * 60_000;
  return isOpenVisit(visit.status) && end < now.getTime();
}

export const contractBillingKinds = ['upfront', 'per_period', 'per_visit'] as const;
export type ContractBilling = (typeof contractBillingKinds)[number];
export const contractBillingLabels: Record<ContractBilling, string> = {
  upfront: 'دفعة واحدة عند البداية',
  per_period: 'على فترات',
  per_visit: 'لكل زيارة',
};
export const billingPeriods = ['month', 'quarter'] as const;
export const billingPeriodLabels = { month: 'شهرياً', quarter: 'كل ثلاثة أشهر' } as const;

export const customerContractStatuses = ['active', 'expired', 'cancelled'] as const;
export type CustomerContractStatus = (typeof customerContractStatuses)[number];
export const customerContractStatusLabels: Record<CustomerContractStatus, string> = {
  active: 'ساري',
  expired: 'منتهٍ',
  cancelled: 'ملغى',
};

/** A visit's default length and the hour planned visits start at, when the office has not set them. */
export const visitDefaults = { dayStart: '08:00', durationMinutes: 60 } as const;

/** A technician's working day in minutes, for booked-against-available hours (Fridays and holidays have none). */
export const technicianDayMinutes = 8 * 60;
