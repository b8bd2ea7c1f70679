import {
  canMoveVisit,
  MINUTES,
  openVisitStatuses,
  type VisitStatus,
  visitStatuses,
  visitStatusLabels,
} from '@idara/domain';
import { type Column, defineScreens, type RecordAction } from '../../app/resource';
import { site } from './site-fields';
import { OVERDUE_LABEL, visitClashTexts, visitStatusColors } from './visit-status';

/** The status badge, marked while overdue (the list's column and the page's badge). */
const visitStatus: Column<'status'> = {
  key: 'status',
  header: 'الحالة',
  display: { status: visitStatusLabels, colors: visitStatusColors, overdue: OVERDUE_LABEL },
  priority: 1,
};

/** Each step a visit may take, as its button says it; asked first where it is final. */
const steps: Record<VisitStatus, Pick<RecordAction, 'label' | 'icon' | 'color' | 'confirm'>> = {
  planned: { label: 'إعادتها إلى المجدولة', icon: 'replan' },
  on_the_way: { label: 'في الطريق', icon: 'onTheWay', color: 'cyan' },
  arrived: { label: 'وصل الفني', icon: 'arrived', color: 'indigo' },
  started: { label: 'بدء العمل', icon: 'start', color: 'violet' },
  done: {
    label: 'إنجاز الزيارة',
    icon: 'done',
    color: 'green',
    confirm: {
      title: 'إنجاز الزيارة',
      message: 'تُسجَّل الزيارة منجزة الآن باسمك، ولا تُعدَّل بعد ذلك.',
      confirmLabel: 'إنجاز الزيارة',
    },
  },
  missed: {
    label: 'فائتة',
    icon: 'missed',
    color: 'orange',
    confirm: {
      title: 'تسجيل الزيارة فائتة',
      message: 'لم تتم الزيارة في موعدها. يمكن إعادتها إلى المجدولة لاحقاً.',
      confirmLabel: 'تسجيلها فائتة',
    },
  },
  cancelled: {
    label: 'إلغاء الزيارة',
    icon: 'cancel',
    color: 'red',
    confirm: {
      title: 'إلغاء الزيارة',
      message: 'تُلغى الزيارة ويتحرر وقت فريقها، ولا يمكن التراجع عن الإلغاء.',
      confirmLabel: 'إلغاء الزيارة',
    },
  },
};

/** `POST /api/visit/:id/status`: each step shown only from the statuses the domain lets it follow. */
const stepActions: RecordAction[] = visitStatuses.map((to) => ({
  ...steps[to],
  path: 'status',
  body: { status: to },
  permission: 'update',
  when: { field: 'status', in: visitStatuses.filter((from) => canMoveVisit(from, to)) },
  done: `الزيارة الآن «${visitStatusLabels[to]}»`,
}));

/** A visit's page: where, when and who, its steps, who finished it (loaded with the page). */
/** The visits' list, the form of a one-off visit, and a visit's page with its steps (loaded with them). */
export default defineScreens('visit', {
  list: {
    columns: [
      { key: 'number', header: 'رقم الزيارة', display: 'number', nowrap: true },
      { key: 'customer', header: 'العميل', display: { ref: 'customer' }, sortable: false, priority: 1 },
      {
        key: 'customerContract',
        header: 'العقد',
        display: { ref: 'customerContract' },
        sortable: false,
        priority: 3,
      },
      { key: 'scheduledAt', header: 'الموعد', display: 'hijriDate', priority: 1 },
      visitStatus,
      { key: 'durationMinutes', header: 'المدة', display: { plural: MINUTES }, nowrap: true, priority: 3 },
      { key: 'assignees', header: 'الفريق', display: { choices: 'users' }, sortable: false, priority: 2 },
    ],
    filters: [
      { filter: 'customer', label: 'العميل', placeholder: 'كل العملاء', ref: 'customer', width: 200 },
      {
        filter: 'customerContract',
        label: 'العقد',
        placeholder: 'كل العقود',
        ref: 'customerContract',
        width: 200,
      },
      { filter: 'assignee', label: 'الفني', placeholder: 'كل الفنيين', lookup: 'users', width: 180 },
      {
        filter: 'status',
        label: 'الحالة',
        placeholder: 'كل الحالات',
        options: visitStatuses.map((s) => ({ value: s, label: visitStatusLabels[s] })),
        width: 150,
      },
      { filter: 'city', label: 'المدينة', placeholder: 'كل المدن', lookup: 'cities', width: 160 },
      { filter: 'region', label: 'المنطقة', placeholder: 'كل المناطق', lookup: 'governments', width: 160 },
      { filter: 'scheduledAt', label: 'فترة الموعد', placeholder: 'كل الفترات', instants: true, width: 320 },
      {
        filter: 'overdue',
        label: 'التأخير',
        placeholder: 'كل المواعيد',
        options: [{ value: 'true', label: 'المتأخرة فقط' }],
        width: 160,
      },
      {
        filter: 'unassigned',
        label: 'الفريق',
        placeholder: 'بفريق أو بدونه',
        options: [{ value: 'true', label: 'بلا فريق فقط' }],
        width: 160,
      },
    ],
    // The latest appointments first.
    sort: '-scheduledAt',
    createLabel: 'زيارة جديدة',
    exportTitle: 'تصدير الزيارات',
    searchPlaceholder: 'ابحث برقم الزيارة أو العميل أو جواله أو العنوان',
  },
  form: {
    fields: [
      { name: 'customer', label: 'العميل', kind: 'ref', ref: 'customer', required: true },
      { name: 'scheduledAt', label: 'موعد الزيارة', kind: 'dateTime', required: true, half: true },
      {
        name: 'durationMinutes',
        label: 'المدة بالدقائق',
        kind: 'integer',
        initial: 60,
        min: 15,
        max: 720,
        counted: MINUTES,
        required: true,
        half: true,
      },
      site.teamField,
      site.equipmentField,
      { name: 'form', label: 'نموذج الفحص', kind: 'formTemplate', placeholder: 'بلا نموذج', half: true },
      ...site.placeFields,
    ],
    override: visitClashTexts,
  },
  details: {
    fields: [
      { label: 'الحالة', key: 'status', display: visitStatus.display, inTitle: true },
      { label: 'العميل', key: 'customer', display: { ref: 'customer' } },
      { label: 'العقد', key: 'customerContract', display: { ref: 'customerContract' }, hideEmpty: true },
      { label: 'الموعد', key: 'scheduledAt', display: 'hijriDate' },
      { label: 'المدة', key: 'durationMinutes', display: { plural: MINUTES } },
      ...site.teamDetails,
      { label: 'نموذج الفحص', key: 'formName', hideEmpty: true },
      ...site.placeDetails,
      { label: 'أنجزها', key: 'doneBy', display: { choices: 'users' }, hideEmpty: true },
      { label: 'وقت الإنجاز', key: 'doneAt', display: 'hijriDate', hideEmpty: true },
      { label: 'سبب تجاوز التعارض', key: 'overrideReason', wide: true, hideEmpty: true },
      site.notesDetails,
    ],
    editableWhen: { field: 'status', in: openVisitStatuses },
    actions: stepActions,
    // The report the customer receives when the visit is done, to print or send again.
    documents: [
      {
        path: 'report.pdf',
        label: 'تقرير الزيارة',
        fileName: 'تقرير-الزيارة.pdf',
        when: { field: 'status', in: ['done'] },
      },
    ],
  },
});
