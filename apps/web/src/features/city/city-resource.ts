import { IconBuildingCommunity } from '@tabler/icons-react';
import { defineResource } from '../../app/resource';

export const city = defineResource({
  name: 'city',
  titles: { list: 'المدن والمحافظات', new: 'إضافة مدينة', details: 'تفاصيل المدينة', edit: 'تعديل المدينة' },
  nav: { group: 'البيانات الأساسية', label: 'المدن', icon: IconBuildingCommunity, order: 5 },
  list: {
    columns: [
      { key: 'name', header: 'اسم المدينة' },
      {
        key: 'government',
        header: 'المنطقة',
        sortable: false,
        display: { lookup: 'governments' },
        priority: 2,
      },
    ],
    filters: [
      {
        filter: 'government',
        label: 'المنطقة',
        placeholder: 'كل المناطق',
        lookup: 'governments',
        width: 200,
      },
    ],
    createLabel: 'إضافة مدينة',
    exportTitle: 'تصدير المدن',
    searchPlaceholder: 'ابحث باسم المدينة',
  },
  form: {
    fields: [
      { name: 'name', label: 'اسم المدينة', kind: 'text', required: true, half: true },
      {
        name: 'government',
        label: 'المنطقة',
        kind: 'lookup',
        lookup: 'governments',
        placeholder: 'اختر المنطقة',
        required: true,
        half: true,
      },
    ],
  },
  details: {
    fields: [
      { label: 'اسم المدينة', key: 'name' },
      {
        label: 'المنطقة',
        key: 'government',
        display: {
          lookup: 'governments',
          link: { base: '/dashboard/government', permission: 'gov:details' },
        },
      },
      { label: 'تاريخ الإضافة', key: 'createdAt', display: 'hijriDate' },
      { label: 'آخر تعديل', key: 'updatedAt', display: 'date' },
    ],
  },
});
