import { IconTool } from '@tabler/icons-react';
import { defineResource } from '../../app/resource';
// Not the tax options: this file loads with the app's first script (app/resource.ts).
import { unitLabels, unitOptions } from '../../components/tax/unit-options';
import { activeColumn, activeField, activeFilter } from '../records-shared';

export const service = defineResource({
  name: 'service',
  titles: {
    list: 'الخدمات',
    new: 'إضافة خدمة جديدة',
    details: 'تفاصيل الخدمة',
    edit: 'تعديل الخدمة',
  },
  guardForms: true,
  nav: {
    group: 'البيانات الأساسية',
    label: 'الخدمات',
    icon: IconTool,
    description: 'الخدمات وأسعارها',
    order: 1,
  },
  list: {
    columns: [
      { key: 'name', header: 'اسم الخدمة' },
      { key: 'price', header: 'السعر', display: 'money', nowrap: true, priority: 1 },
      {
        key: 'unit',
        header: 'الوحدة',
        display: { labels: unitLabels },
        nowrap: true,
        sortable: false,
        priority: 3,
      },
      { key: 'vatCategory', header: 'الضريبة', display: { lineTax: 'short' }, nowrap: true, priority: 3 },
      activeColumn,
    ],
    filters: [activeFilter],
    createLabel: 'إضافة خدمة',
    exportTitle: 'تصدير الخدمات',
    searchPlaceholder: 'ابحث باسم الخدمة',
  },
  form: {
    fields: [
      { name: 'name', label: 'اسم الخدمة', kind: 'text', required: true, half: true },
      { name: 'price', label: 'السعر', kind: 'money', required: true, half: true },
      {
        name: 'unit',
        label: 'وحدة البيع',
        kind: 'select',
        initial: 'piece',
        options: unitOptions,
        half: true,
      },
      // Next to the unit: the category, then its reason (and out of scope, the office's own words).
      { name: 'vatCategory', label: 'فئة ضريبة القيمة المضافة', kind: 'lineTax', half: true },
      { name: 'description', label: 'الوصف', kind: 'textarea', maxRows: 6 },
      {
        name: 'form',
        label: 'النموذج الافتراضي',
        kind: 'formTemplate',
        description: 'يُرفق بمهام هذه الخدمة ليملأه الموظف عند التنفيذ',
        placeholder: 'بدون نموذج',
      },
      activeField,
    ],
  },
  details: {
    fields: [
      { label: 'اسم الخدمة', key: 'name' },
      { label: 'الحالة', key: 'active', display: 'active' },
      { label: 'السعر', key: 'price', display: 'money' },
      { label: 'وحدة البيع', key: 'unit', display: { labels: unitLabels } },
      { label: 'ضريبة القيمة المضافة', key: 'vatCategory', display: { lineTax: 'full' }, wide: true },
      { label: 'تاريخ الإضافة', key: 'createdAt', display: 'hijriDate' },
      { label: 'الوصف', key: 'description', wide: true },
    ],
  },
});
