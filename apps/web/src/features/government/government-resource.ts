import { IconMap2 } from '@tabler/icons-react';
import { defineResource } from '../../app/resource';

export const government = defineResource({
  name: 'government',
  area: 'gov',
  titles: {
    list: 'المناطق',
    new: 'إضافة منطقة جديدة',
    details: 'تفاصيل المنطقة',
    edit: 'تعديل المنطقة',
  },
  nav: { group: 'البيانات الأساسية', label: 'المناطق', icon: IconMap2, order: 4 },
  list: {
    columns: [
      { key: 'name', header: 'اسم المنطقة' },
      { key: 'createdAt', header: 'تاريخ الإضافة', display: 'date' },
    ],
    createLabel: 'إضافة منطقة',
    exportTitle: 'تصدير المناطق',
    searchPlaceholder: 'ابحث باسم المنطقة',
  },
  form: {
    fields: [{ name: 'name', label: 'اسم المنطقة', kind: 'text', required: true }],
    maxWidth: 560,
  },
  details: {
    fields: [
      { label: 'اسم المنطقة', key: 'name' },
      { label: 'عدد المدن', key: 'relatedCount' },
      { label: 'تاريخ الإضافة', key: 'createdAt', display: 'hijriDate' },
      { label: 'آخر تعديل', key: 'updatedAt', display: 'date' },
    ],
    related: {
      api: '/api/city',
      base: '/dashboard/city',
      filter: 'government',
      title: 'مدن المنطقة',
      readPermission: 'city:read',
      detailsPermission: 'city:details',
      empty: 'لا توجد مدن في هذه المنطقة.',
      addLabel: 'إضافة مدينة',
    },
  },
});
