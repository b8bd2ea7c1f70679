import {
  entityNouns,
  paymentMethodBody,
  paymentMethodKindLabels,
  paymentMethodKinds,
  paymentMethodRecord,
  paymentMethodRow,
} from '@idara/domain';
import { paymentMethods, payments } from '../../db/schema';
import { catalogueRoutes } from '../../http/catalogue-routes';
import { labelColumn } from '../../http/export';
import { filtersOn } from '../../http/list-parts';

export const paymentMethodRoutes = catalogueRoutes({
  entity: 'paymentMethod',
  area: 'paymentMethod',
  noun: entityNouns.paymentMethod,
  table: paymentMethods,
  row: paymentMethodRow,
  filters: filtersOn(paymentMethods, { enum: { kind: paymentMethodKinds }, boolean: ['active'] }),
  record: paymentMethodRecord,
  body: paymentMethodBody,
  search: (b) => b.name,
  references: [{ table: payments, column: payments.paymentMethod, what: 'المدفوعات' }],
  export: {
    fileName: 'طرق الدفع',
    columns: () => [
      { key: 'name', header: 'طريقة الدفع' },
      labelColumn('kind', 'النوع', paymentMethodKindLabels),
      { key: 'details', header: 'التفاصيل', width: 40 },
      { key: 'active', header: 'فعّالة', type: 'boolean' },
      { key: 'createdAt', header: 'تاريخ الإضافة', type: 'datetime' },
    ],
  },
  unique: [{ field: 'name', column: paymentMethods.name, message: () => 'توجد طريقة دفع بهذا الاسم' }],
});
