import {
  entityNouns,
  normalizeArabic,
  paymentMethodBody,
  paymentMethodKindLabels,
  paymentMethodKinds,
  paymentMethodRecord,
} from '@idara/domain';
import { paymentMethods, payments } from '../../db/schema';
import { crudRoutes } from '../../http/crud';
import { fieldsOf, type ListResource } from '../../http/list-query';

export const paymentMethodResource: ListResource = {
  table: paymentMethods,
  fields: fieldsOf(paymentMethodRecord, {
    _id: paymentMethods._id,
    name: paymentMethods.name,
    kind: paymentMethods.kind,
    details: paymentMethods.details,
    active: paymentMethods.active,
    createdAt: paymentMethods.createdAt,
    updatedAt: paymentMethods.updatedAt,
  }),
  filters: {
    kind: { column: paymentMethods.kind, type: 'enum', values: paymentMethodKinds },
    active: { column: paymentMethods.active, type: 'boolean' },
  },
  searchColumn: paymentMethods.searchText,
  defaultSort: 'name',
  maxLimit: 1000,
};

export const paymentMethodRoutes = crudRoutes({
  entity: 'paymentMethod',
  area: 'paymentMethod',
  noun: entityNouns.paymentMethod,
  table: paymentMethods,
  id: paymentMethods._id,
  resource: paymentMethodResource,
  record: paymentMethodRecord,
  body: paymentMethodBody,
  toValues: (b) => ({ ...b, searchText: normalizeArabic(b.name) }),
  label: (r) => String(r.name),
  references: [{ table: payments, column: payments.paymentMethod, what: 'المدفوعات' }],
  export: {
    fileName: 'طرق الدفع',
    columns: () => [
      { key: 'name', header: 'طريقة الدفع' },
      {
        key: 'kind',
        header: 'النوع',
        value: (r) => paymentMethodKindLabels[r.kind as keyof typeof paymentMethodKindLabels] ?? r.kind,
      },
      { key: 'details', header: 'التفاصيل', width: 40 },
      { key: 'active', header: 'فعّالة', type: 'boolean' },
      { key: 'createdAt', header: 'تاريخ الإضافة', type: 'datetime' },
    ],
  },
  unique: [{ field: 'name', column: paymentMethods.name, message: () => 'توجد طريقة دفع بهذا الاسم' }],
});
