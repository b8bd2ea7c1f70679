import {
  customerBody,
  customerRecord,
  customerTypeLabels,
  entityNouns,
  formatSaudiPhoneLocal,
} from '@idara/domain';
import { eq } from 'drizzle-orm';
import { nameLookup } from '../../db/lookups';
import { cities, customers, governments, orders, tasks } from '../../db/schema';
import { crudRoutes } from '../../http/crud';
import { fieldError } from '../../http/errors';
import { labelColumn } from '../../http/export';
import { assertExists } from '../../http/references';
import { customerResource, customerSearchText } from './resource';

export const customerRoutes = crudRoutes({
  entity: 'customer',
  area: 'customer',
  noun: entityNouns.customer,
  table: customers,
  id: customers._id,
  resource: customerResource,
  record: customerRecord,
  body: customerBody,
  toValues: (b) => ({ ...b, searchText: customerSearchText(b) }),
  label: (r) => String(r.name),
  references: [
    { table: orders, column: orders.customer, what: 'الطلبات' },
    { table: tasks, column: tasks.customer, what: 'المهام' },
  ],
  export: {
    fileName: 'العملاء',
    pdf: true,
    async columns(db) {
      const region = await nameLookup(db, governments, governments._id, governments.name);
      const city = await nameLookup(db, cities, cities._id, cities.name);
      const local = (v: unknown) => (v ? formatSaudiPhoneLocal(String(v)) : '');
      return [
        { key: 'name', header: 'اسم العميل', width: 30 },
        labelColumn('type', 'النوع', customerTypeLabels),
        { key: 'phoneNumber', header: 'رقم الجوال', type: 'phone', value: (r) => local(r.phoneNumber) },
        { key: 'whatsappNumber', header: 'واتساب', type: 'phone', value: (r) => local(r.whatsappNumber) },
        { key: 'email', header: 'البريد الإلكتروني' },
        { key: 'vatNumber', header: 'الرقم الضريبي' },
        { key: 'crNumber', header: 'السجل التجاري' },
        { key: 'government', header: 'المنطقة', value: (r) => region(r.government) },
        { key: 'city', header: 'المدينة', value: (r) => city(r.city) },
        { key: 'district', header: 'الحي' },
        { key: 'street', header: 'الشارع' },
        { key: 'buildingNumber', header: 'رقم المبنى' },
        { key: 'postalCode', header: 'الرمز البريدي' },
        { key: 'additionalNumber', header: 'الرقم الإضافي' },
        { key: 'createdAt', header: 'تاريخ الإضافة', type: 'datetime' },
      ];
    },
  },
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
      await assertExists(tx, 'government', 'government', b.government);
      if (cityGovernment && cityGovernment !== b.government)
        throw fieldError('city', 'المدينة لا تتبع المنطقة المختارة');
    }
  },
});
