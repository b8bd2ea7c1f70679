import { cityBody, cityRecord, entityNouns, normalizeArabic } from '@idara/domain';
import { eq } from 'drizzle-orm';
import { nameLookup } from '../../db/lookups';
import { cities, customers, governments, orders } from '../../db/schema';
import { crudRoutes } from '../../http/crud';
import { AppError } from '../../http/errors';
import { fieldsOf, type ListResource } from '../../http/list-query';

export const cityResource: ListResource = {
  table: cities,
  fields: fieldsOf(cityRecord, {
    _id: cities._id,
    name: cities.name,
    government: cities.government,
    createdAt: cities.createdAt,
    updatedAt: cities.updatedAt,
  }),
  filters: { government: { column: cities.government, type: 'uuid' } },
  searchColumn: cities.searchText,
  defaultSort: 'name',
  maxLimit: 1000,
};

export const cityRoutes = crudRoutes({
  entity: 'city',
  area: 'city',
  noun: entityNouns.city,
  table: cities,
  id: cities._id,
  resource: cityResource,
  record: cityRecord,
  body: cityBody,
  toValues: (b) => ({ name: b.name, government: b.government, searchText: normalizeArabic(b.name) }),
  label: (r) => String(r.name),
  export: {
    fileName: 'المدن',
    async columns(db) {
      const region = await nameLookup(db, governments, governments._id, governments.name);
      return [
        { key: 'name', header: 'المدينة' },
        { key: 'government', header: 'المنطقة', value: (r) => region(r.government) },
        { key: 'createdAt', header: 'تاريخ الإضافة', type: 'datetime' },
      ];
    },
  },
  async validate(tx, b) {
    const [gov] = await tx
      .select({ _id: governments._id })
      .from(governments)
      .where(eq(governments._id, b.government));
    if (!gov)
      throw new AppError(422, 'المنطقة المختارة غير موجودة', {
        fieldErrors: { government: 'المنطقة المختارة غير موجودة' },
      });
  },
  references: [
    { table: customers, column: customers.city, what: 'العملاء' },
    { table: orders, column: orders.city, what: 'الطلبات' },
  ],
});
