import { entityNouns, governmentBody, governmentRecord, governmentRow } from '@idara/domain';
import { cities, customers, governments } from '../../db/schema';
import { catalogueRoutes } from '../../http/catalogue-routes';

export const governmentRoutes = catalogueRoutes({
  entity: 'government',
  area: 'gov',
  noun: entityNouns.government,
  table: governments,
  row: governmentRow,
  record: governmentRecord,
  body: governmentBody,
  search: (b) => b.name,
  export: {
    fileName: 'المناطق',
    columns: () => [
      { key: 'name', header: 'المنطقة' },
      { key: 'createdAt', header: 'تاريخ الإضافة', type: 'datetime' },
    ],
  },
  unique: [{ field: 'name', column: governments.name, message: () => 'توجد منطقة بهذا الاسم' }],
  references: [
    { table: cities, column: cities.government, what: 'المدن' },
    { table: customers, column: customers.government, what: 'العملاء' },
  ],
});
