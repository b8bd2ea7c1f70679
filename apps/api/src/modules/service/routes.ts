import {
  entityNouns,
  normalizeArabic,
  serviceBody,
  serviceRecord,
  unitInfo,
  unitOf,
  type VatCategory,
  vatCategoryLabels,
} from '@idara/domain';
import { eq } from 'drizzle-orm';
import { forms, orderItems, services } from '../../db/schema';
import { crudRoutes } from '../../http/crud';
import { fieldError } from '../../http/errors';
import { fieldsOf, type ListResource } from '../../http/list-query';

export const serviceResource: ListResource = {
  table: services,
  fields: fieldsOf(serviceRecord, {
    _id: services._id,
    name: services.name,
    description: services.description,
    price: services.price,
    active: services.active,
    form: services.form,
    vatCategory: services.vatCategory,
    vatExemptionCode: services.vatExemptionCode,
    vatExemptionReason: services.vatExemptionReason,
    unit: services.unit,
    createdAt: services.createdAt,
    updatedAt: services.updatedAt,
  }),
  filters: {
    active: { column: services.active, type: 'boolean' },
    form: { column: services.form, type: 'uuid' },
    vatCategory: { column: services.vatCategory, type: 'text' },
  },
  searchColumn: services.searchText,
  defaultSort: 'name',
  maxLimit: 1000,
};

export const serviceRoutes = crudRoutes({
  entity: 'service',
  area: 'service',
  noun: entityNouns.service,
  table: services,
  id: services._id,
  resource: serviceResource,
  record: serviceRecord,
  body: serviceBody,
  toValues: (b) => ({ ...b, searchText: normalizeArabic(`${b.name} ${b.description}`) }),
  label: (r) => String(r.name),
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
