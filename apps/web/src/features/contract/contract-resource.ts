import { MONTHS, VISITS } from '@idara/domain';
import { IconFileDescription } from '@tabler/icons-react';
import { defineResource } from '../../app/resource';
import { activeColumn, activeField, activeFilter } from '../records-shared';

export const contract = defineResource({
  name: 'contract',
  titles: { list: 'أنواع العقود', new: 'إضافة عقد جديد', details: 'تفاصيل العقد', edit: 'تعديل العقد' },
  nav: { group: 'البيانات الأساسية', label: 'أنواع العقود', icon: IconFileDescription, order: 2 },
  list: {
    columns: [
      { key: 'name', header: 'اسم العقد' },
      { key: 'durationMonths', header: 'المدة', nowrap: true, display: { plural: MONTHS } },
      { key: 'visits', header: 'الزيارات', nowrap: true, display: { plural: VISITS }, priority: 3 },
      { key: 'price', header: 'السعر', nowrap: true, display: 'money', priority: 1 },
      activeColumn,
    ],
    filters: [activeFilter],
    createLabel: 'إضافة عقد',
    exportTitle: 'تصدير أنواع العقود',
    searchPlaceholder: 'ابحث باسم العقد',
  },
  form: {
    fields: [
      { name: 'name', label: 'اسم العقد', kind: 'text', required: true, half: true },
      { name: 'price', label: 'السعر', kind: 'money', required: true, half: true },
      {
        name: 'durationMonths',
        label: 'مدة العقد بالأشهر',
        kind: 'integer',
        initial: 12,
        min: 1,
        max: 120,
        counted: MONTHS,
        required: true,
        half: true,
      },
      {
        name: 'visits',
        label: 'عدد الزيارات',
        kind: 'integer',
        initial: 0,
        min: 0,
        max: 1000,
        counted: VISITS,
        required: true,
        half: true,
      },
      { name: 'description', label: 'الوصف', kind: 'textarea', maxRows: 6 },
      activeField,
    ],
  },
  details: {
    fields: [
      { label: 'اسم العقد', key: 'name' },
      { label: 'الحالة', key: 'active', display: 'active' },
      { label: 'المدة', key: 'durationMonths', display: { plural: MONTHS } },
      { label: 'عدد الزيارات', key: 'visits', display: { plural: VISITS } },
      { label: 'السعر', key: 'price', display: 'money' },
      { label: 'تاريخ الإضافة', key: 'createdAt', display: 'hijriDate' },
      { label: 'الوصف', key: 'description', wide: true },
    ],
  },
});
