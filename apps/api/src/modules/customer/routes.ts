import { customerBody } from '@idara/domain';
import { eq } from 'drizzle-orm';
import { cities, customers, governments } from '../../db/schema';
import { crudRoutes } from '../../http/crud';
import { AppError } from '../../http/errors';
import { customerResource, customerSearchText } from './resource';

const fieldError = (field: string, message: string) =>
  new AppError(422, message, { fieldErrors: { [field]: message } });

export const customerRoutes = crudRoutes({
  entity: 'customer',
  area: 'customer',
  noun: 'العميل',
  table: customers,
  id: customers._id,
  resource: customerResource,
  body: customerBody,
  toValues: (b) => ({ ...b, searchText: customerSearchText(b) }),
  label: (r) => String(r.name),
  unique: [
    {
      field: 'phoneNumber',
      column: customers.phoneNumber,
      message: (existing) => `رقم الجوال مسجل مسبقاً للعميل «${existing.name}»`,
    },
  ],
  async validate(tx, b) {
    let cityGovernment: string | undefined;
    if (b.city) {
      const [city] = await tx
        .select({ government: cities.government })
        .from(cities)
        .where(eq(cities._id, b.city));
      if (!city) throw fieldError('city', 'المدينة المختارة غير موجودة');
      cityGovernment = city.government;
    }
    if (b.government) {
      const [gov] = await tx
        .select({ _id: governments._id })
        .from(governments)
        .where(eq(governments._id, b.government));
      if (!gov) throw fieldError('government', 'المنطقة المختارة غير موجودة');
      if (cityGovernment && cityGovernment !== b.government)
        throw fieldError('city', 'المدينة لا تتبع المنطقة المختارة');
    }
  },
});
