import { IconTool } from '@tabler/icons-react';
import { defineResource } from '../../app/resource';
import { activeColumn, activeField, activeFilter } from '../records-shared';

export const service = defineResource({
  name: 'service',
  titles: { list: 'الخدمات', new: 'إضافة خدمة جديدة', edit: 'تعديل الخدمة' },
  guardForms: true,
  nav: { group: 'البيانات الأساسية', label: 'الخدمات', icon: IconTool, description: 'الخدمات وأسعارها' },
  list: {
    columns: [
      { key: 'name', header: 'اسم الخدمة' },
      { key: 'price', header: 'السعر', display: 'money', nowrap: true },
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
});
