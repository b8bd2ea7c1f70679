import { IconFileCertificate } from '@tabler/icons-react';
import { defineResource } from '../../app/resource';

/**
 * عقود العملاء: a contract type sold to a customer from a day; it plans its visits, is cancelled
 * with a reason and renewed into the next one (docs/API.md «Customer contracts and visits»).
 */
export const customerContract = defineResource({
  name: 'customer-contract',
  // The entity's area (packages/domain entities/facts.ts): its permissions and its log rows.
  area: 'customerContract',
  entity: 'customerContract',
  numbered: 'العقد',
  titles: { list: 'عقود العملاء', new: 'عقد جديد', details: 'تفاصيل العقد', edit: 'تعديل العقد' },
  nav: {
    group: 'الصيانة',
    label: 'عقود العملاء',
    icon: IconFileCertificate,
    description: 'عقود الصيانة وزياراتها',
    order: 1,
  },
  // Its form picks a customer, a type and a team: only those who may sell or edit contracts open it.
  guardForms: true,
  relatedTab: { ref: 'customer', filter: 'customer', label: 'العقود', sort: '-startDate' },
  screens: () => import('./customer-contract-screens'),
});
