import { paymentMethodKindLabels } from '@idara/domain';
import { IconCreditCard } from '@tabler/icons-react';
import { defineResource } from '../../app/resource';
import { activeColumn, activeField, activeFilter } from '../records-shared';

const KIND_OPTIONS = Object.entries(paymentMethodKindLabels).map(([value, label]) => ({ value, label }));

export const paymentMethod = defineResource({
  name: 'paymentMethod',
  titles: { list: 'طرق الدفع', new: 'طريقة دفع جديدة', edit: 'تعديل طريقة الدفع' },
  nav: { group: 'البيانات الأساسية', label: 'طرق الدفع', icon: IconCreditCard, order: 3 },
  list: {
    columns: [
      { key: 'name', header: 'الاسم' },
      { key: 'kind', header: 'النوع', display: { badge: paymentMethodKindLabels } },
      activeColumn,
    ],
    filters: [
      { filter: 'kind', label: 'النوع', placeholder: 'كل الأنواع', options: KIND_OPTIONS, width: 170 },
      activeFilter,
    ],
    createLabel: 'إضافة طريقة دفع',
    exportTitle: 'تصدير طرق الدفع',
    searchPlaceholder: 'ابحث باسم طريقة الدفع',
  },
  form: {
    fields: [
      { name: 'name', label: 'اسم طريقة الدفع', kind: 'text', required: true, half: true },
      {
        name: 'kind',
        label: 'النوع',
        kind: 'select',
        initial: 'cash',
        options: KIND_OPTIONS,
        required: true,
        half: true,
      },
      {
        name: 'details',
        label: 'التفاصيل',
        kind: 'textarea',
        maxRows: 5,
        description: 'مثل رقم الحساب أو الآيبان',
      },
      activeField,
    ],
  },
});
