import { entityNouns, governmentBody, governmentRecord, normalizeArabic } from '@idara/domain';
import { cities, customers, governments } from '../../db/schema';
import { crudRoutes } from '../../http/crud';
import { fieldsOf, type ListResource } from '../../http/list-query';

export const governmentResource: ListResource = {
  table: governments,
  fields: fieldsOf(governmentRecord, {
    _id: governments._id,
    name: governments.name,
    createdAt: governments.createdAt,
    updatedAt: governments.updatedAt,
  }),
  searchColumn: governments.searchText,
  defaultSort: 'name',
  maxLimit: 1000,
};

export const governmentRoutes = crudRoutes({
  entity: 'government',
  area: 'gov',
  noun: entityNouns.government,
  table: governments,
  id: governments._id,
  resource: governmentResource,
  record: governmentRecord,
  body: governmentBody,
  toValues: (b) => ({ name: b.name, searchText: normalizeArabic(b.name) }),
  label: (r) => String(r.name),
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
