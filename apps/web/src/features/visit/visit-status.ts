import type { VisitStatus } from '@idara/domain';

/**
 * A visit status's Mantine colour, wherever a visit is drawn (the dispatch board's blocks and
 * cards): the open steps in blues and violet, done green, missed orange, cancelled grey. The
 * labels are the domain's `visitStatusLabels`.
 */
export const visitStatusColors: Record<VisitStatus, string> = {
  planned: 'blue',
  on_the_way: 'cyan',
  arrived: 'indigo',
  started: 'violet',
  done: 'green',
  missed: 'orange',
  cancelled: 'gray',
};

/** What a visit's time shows while it has passed and the visit is still open. */
export const OVERDUE_LABEL = 'متأخرة';

/** The double-booking dialog's words (a visit booked, edited or moved onto a busy technician). */
export const visitClashTexts = {
  title: 'تعارض في مواعيد الفني',
  label: 'سبب تجاوز التعارض',
  placeholder: 'مثال: طلب العميل هذا الموعد، والزيارة الأخرى قصيرة',
  submitLabel: 'تجاوز التعارض',
};
