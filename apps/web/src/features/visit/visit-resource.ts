import { IconCalendarEvent } from '@tabler/icons-react';
import { defineResource } from '../../app/resource';

/**
 * الزيارات: one-off calls booked here and the visits contracts plan, each run through its steps;
 * a booking onto a busy technician is said and may be made anyway with a reason.
 */
export const visit = defineResource({
  name: 'visit',
  numbered: 'الزيارة',
  guardForms: true,
  relatedTab: { ref: 'customer', filter: 'customer', label: 'الزيارات', sort: '-scheduledAt' },
  titles: { list: 'الزيارات', new: 'زيارة جديدة', details: 'تفاصيل الزيارة', edit: 'تعديل الزيارة' },
  nav: {
    group: 'الصيانة',
    label: 'الزيارات',
    icon: IconCalendarEvent,
    description: 'مواعيد الزيارات وحالاتها',
    order: 2,
  },
  screens: () => import('./visit-screens'),
});
