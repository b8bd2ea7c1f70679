import { IconAirConditioning } from '@tabler/icons-react';
import { defineResource } from '../../app/resource';

/** معدات العملاء: what is installed at each customer, by serial number (contracts and visits name it). */
export const equipment = defineResource({
  name: 'equipment',
  titles: { list: 'معدات العملاء', new: 'إضافة معدّة', details: 'تفاصيل المعدّة', edit: 'تعديل المعدّة' },
  nav: {
    group: 'العملاء',
    label: 'معدات العملاء',
    icon: IconAirConditioning,
    description: 'الأجهزة لدى العملاء',
  },
  // Its form picks a customer: only those who may add or edit equipment open it.
  guardForms: true,
  relatedTab: { ref: 'customer', filter: 'customer', label: 'المعدات' },
  list: {
    columns: [
      { key: 'name', header: 'المعدّة' },
      { key: 'serialNumber', header: 'الرقم التسلسلي', nowrap: true, priority: 2 },
      { key: 'customer', header: 'العميل', display: { ref: 'customer' }, sortable: false, priority: 1 },
      { key: 'installedAt', header: 'تاريخ التركيب', display: 'day', priority: 2 },
      { key: 'warrantyUntil', header: 'نهاية الضمان', display: 'day', priority: 3 },
    ],
    filters: [
      { filter: 'customer', label: 'العميل', placeholder: 'كل العملاء', ref: 'customer', width: 200 },
      { filter: 'installedAt', label: 'فترة التركيب', placeholder: 'كل الفترات', days: true, width: 320 },
    ],
    createLabel: 'إضافة معدّة',
    exportTitle: 'تصدير معدات العملاء',
    searchPlaceholder: 'ابحث بالاسم أو الرقم التسلسلي أو الطراز',
  },
  form: {
    fields: [
      { name: 'name', label: 'اسم المعدّة', kind: 'text', required: true, half: true },
      { name: 'serialNumber', label: 'الرقم التسلسلي', kind: 'text', required: true, half: true },
      { name: 'customer', label: 'العميل', kind: 'ref', ref: 'customer', required: true, half: true },
      { name: 'model', label: 'الطراز', kind: 'text', half: true },
      { name: 'installedAt', label: 'تاريخ التركيب', kind: 'day', half: true },
      { name: 'warrantyUntil', label: 'نهاية الضمان', kind: 'day', half: true },
      { name: 'notes', label: 'ملاحظات', kind: 'textarea', maxRows: 6 },
    ],
  },
  details: {},
});
