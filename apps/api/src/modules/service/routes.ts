import {
  entityNouns,
  serviceBody,
  serviceRecord,
  serviceRow,
  unitInfo,
  unitOf,
  type VatCategory,
  vatCategoryLabels,
} from '@idara/domain';
import { eq } from 'drizzle-orm';
import { forms, orderItems, services } from '../../db/schema';
import { catalogueRoutes } from '../../http/catalogue-routes';
import { fieldError } from '../../http/errors';
import { filtersOn } from '../../http/list-parts';

export const serviceRoutes = catalogueRoutes({
  entity: 'service',
  area: 'service',
  noun: entityNouns.service,
  table: services,
  row: serviceRow,
  filters: filtersOn(services, { boolean: ['active'], uuid: ['form'], text: ['vatCategory'] }),
  record: serviceRecord,
  body: serviceBody,
  search: (b) => `${b.name} ${b.description}`,
  references: [{ table: orderItems, column: orderItems.service, what: 'بنود الطلبات' }],
  async validate(tx, input) {
    if (!input.form) return;
    const [form] = await tx.select({ active: forms.active }).from(forms).where(eq(forms._id, input.form));
    if (!form) throw fieldError('form', 'النموذج المختار غير موجود');
  },
  export: {
    fileName: 'الخدمات',
    columns: () => [
      { key: 'name', header: 'الخدمة' },
      { key: 'description', header: 'الوصف', width: 40 },
      { key: 'price', header: 'السعر (ر.س)', type: 'money' },
      { key: 'unit', header: 'وحدة البيع', value: (r) => unitInfo[unitOf(String(r.unit))].label },
      {
        key: 'vatCategory',
        header: 'فئة ضريبة القيمة المضافة',
        value: (r) => vatCategoryLabels[(r.vatCategory as VatCategory) ?? 'S'] ?? r.vatCategory,
      },
      { key: 'vatExemptionCode', header: 'سبب الإعفاء أو النسبة الصفرية' },
      { key: 'active', header: 'فعّالة', type: 'boolean' },
      { key: 'createdAt', header: 'تاريخ الإضافة', type: 'datetime' },
    ],
  },
  unique: [{ field: 'name', column: services.name, message: () => 'توجد خدمة بهذا الاسم' }],
});
