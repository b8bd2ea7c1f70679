import {
  billingPeriodLabels,
  contractBillingLabels,
  customerContractStatusLabels,
  visitStatusLabels,
} from '@idara/domain';
import { type Column, defineScreens } from '../../app/resource';
import { site } from '../visit/site-fields';
import { visitStatusColors } from '../visit/visit-status';

const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** ساري green, منتهٍ grey, ملغى red (the list's column and the page's badge). */
const contractStatus: Column<'status'> = {
  key: 'status',
  header: 'الحالة',
  display: {
    status: customerContractStatusLabels,
    colors: { active: 'green', expired: 'gray', cancelled: 'red' },
  },
  priority: 1,
};

/** The contracts' list and form, and a contract's page with its visits, renewal and cancellation (loaded with them). */
export default defineScreens('customer-contract', {
  list: {
    columns: [
      { key: 'number', header: 'رقم العقد', display: 'number', nowrap: true },
      { key: 'customer', header: 'العميل', display: { ref: 'customer' }, sortable: false, priority: 1 },
      contractStatus,
      { key: 'contract', header: 'نوع العقد', display: { ref: 'contract' }, sortable: false, priority: 2 },
      { key: 'startDate', header: 'البداية', display: 'day', priority: 2 },
      { key: 'endDate', header: 'النهاية', display: 'day', priority: 2 },
      { key: 'billing', header: 'الفوترة', display: { labels: contractBillingLabels }, priority: 3 },
      { key: 'price', header: 'السعر', display: 'money', nowrap: true, priority: 3 },
      { key: 'assignees', header: 'الفريق', display: { choices: 'users' }, sortable: false, priority: 3 },
    ],
    filters: [
      { filter: 'customer', label: 'العميل', placeholder: 'كل العملاء', ref: 'customer', width: 200 },
      { filter: 'contract', label: 'نوع العقد', placeholder: 'كل الأنواع', lookup: 'contracts', width: 180 },
      {
        filter: 'status',
        label: 'الحالة',
        placeholder: 'كل الحالات',
        options: options(customerContractStatusLabels),
        width: 140,
      },
      {
        filter: 'endingWithin',
        label: 'قرب الانتهاء',
        placeholder: 'كل المدد',
        options: [{ value: '30', label: 'تنتهي خلال 30 يوماً' }],
        width: 180,
      },
      {
        filter: 'billing',
        label: 'الفوترة',
        placeholder: 'كل طرق الفوترة',
        options: options(contractBillingLabels),
        width: 200,
      },
      { filter: 'assignee', label: 'الفني', placeholder: 'كل الفنيين', lookup: 'users', width: 180 },
      { filter: 'city', label: 'المدينة', placeholder: 'كل المدن', lookup: 'cities', width: 160 },
    ],
    createLabel: 'عقد جديد',
    exportTitle: 'تصدير عقود العملاء',
    searchPlaceholder: 'ابحث برقم العقد أو العميل أو جواله أو العنوان',
  },
  form: {
    fields: [
      { name: 'customer', label: 'العميل', kind: 'ref', ref: 'customer', required: true },
      {
        name: 'contract',
        label: 'نوع العقد',
        kind: 'lookup',
        lookup: 'contracts',
        required: true,
        placeholder: 'اختر نوع العقد',
        fills: { price: 'price' },
        half: true,
      },
      { name: 'startDate', label: 'تاريخ البداية', kind: 'day', required: true, half: true },
      { ...site.teamField, description: 'تُسند إليهم زيارات العقد' },
      site.equipmentField,
      {
        name: 'billing',
        label: 'الفوترة',
        kind: 'select',
        initial: 'upfront',
        options: options(contractBillingLabels),
        half: true,
      },
      {
        name: 'billingPeriod',
        label: 'فترة الفوترة',
        kind: 'select',
        initial: 'month',
        options: options(billingPeriodLabels),
        half: true,
        when: { field: 'billing', in: ['per_period'] },
      },
      {
        name: 'price',
        label: 'السعر',
        kind: 'money',
        half: true,
        description: 'سعر نوع العقد ما لم يُغيَّر',
      },
      ...site.placeFields,
    ],
  },
  details: {
    fields: [
      { label: 'الحالة', key: 'status', display: contractStatus.display, inTitle: true },
      { label: 'العميل', key: 'customer', display: { ref: 'customer' } },
      { label: 'نوع العقد', key: 'contract', display: { ref: 'contract' } },
      { label: 'تاريخ البداية', key: 'startDate', display: 'day' },
      { label: 'تاريخ النهاية', key: 'endDate', display: 'day' },
      { label: 'الفوترة', key: 'billing', display: { labels: contractBillingLabels } },
      {
        label: 'فترة الفوترة',
        key: 'billingPeriod',
        display: { labels: billingPeriodLabels },
        when: { field: 'billing', in: ['per_period'] },
      },
      { label: 'السعر', key: 'price', display: 'money' },
      ...site.teamDetails,
      ...site.placeDetails,
      site.notesDetails,
    ],
    items: {
      key: 'visits',
      title: 'الزيارات المخططة',
      resource: 'visit',
      filter: 'customerContract',
      empty: 'لا توجد زيارات لهذا العقد',
      columns: [
        { key: 'number', header: 'رقم الزيارة', display: 'number' },
        { key: 'scheduledAt', header: 'الموعد', display: 'hijriDate' },
        {
          key: 'status',
          header: 'الحالة',
          display: { status: visitStatusLabels, colors: visitStatusColors },
        },
      ],
    },
    editableWhen: { field: 'status', in: ['active', 'expired'] },
    actions: [
      {
        path: 'renew',
        label: 'تجديد',
        icon: 'renew',
        color: 'teal',
        permission: 'create',
        when: { field: 'status', in: ['active', 'expired'] },
        confirm: {
          title: 'تجديد العقد',
          message:
            'يُنشأ عقد جديد يبدأ في اليوم التالي لنهاية هذا العقد، بالنوع والفريق والمعدات والسعر نفسها، وتُخطَّط زياراته.',
          confirmLabel: 'تجديد العقد',
        },
        opensResult: true,
        done: 'تم تجديد العقد',
      },
      {
        path: 'cancel',
        label: 'إلغاء العقد',
        icon: 'cancel',
        color: 'red',
        permission: 'update',
        when: { field: 'status', in: ['active', 'expired'] },
        reason: {
          title: 'إلغاء العقد',
          label: 'سبب الإلغاء',
          placeholder: 'مثال: طلب العميل إنهاء العقد لانتقاله إلى مقر آخر',
          submitLabel: 'إلغاء العقد وزياراته المخططة',
        },
        done: 'تم إلغاء العقد وزياراته المخططة',
      },
    ],
  },
});
