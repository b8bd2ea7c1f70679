import { cityBody, cityRecord, cityRow, entityNouns } from '@idara/domain';
import { eq } from 'drizzle-orm';
import { nameLookup } from '../../db/lookups';
import { cities, customers, governments, orders } from '../../db/schema';
import { catalogueRoutes } from '../../http/catalogue-routes';
import { AppError } from '../../http/errors';
import { filtersOn } from '../../http/list-parts';

export const cityRoutes = catalogueRoutes({
  entity: 'city',
  area: 'city',
  noun: entityNouns.city,
  table: cities,
  row: cityRow,
  filters: filtersOn(cities, { uuid: ['government'] }),
  record: cityRecord,
  body: cityBody,
  search: (b) => b.name,
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
