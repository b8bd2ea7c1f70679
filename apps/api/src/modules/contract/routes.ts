import { contractBody, contractRecord, entityNouns, normalizeArabic } from '@idara/domain';
import { contracts, orders } from '../../db/schema';
import { crudRoutes } from '../../http/crud';
import { fieldsOf, type ListResource } from '../../http/list-query';
import { ref } from '../../http/references';

export const contractResource: ListResource = {
  table: contracts,
  fields: fieldsOf(contractRecord, {
    _id: contracts._id,
    name: contracts.name,
    description: contracts.description,
    durationMonths: contracts.durationMonths,
    visits: contracts.visits,
    price: contracts.price,
    active: contracts.active,
    form: contracts.form,
    service: contracts.service,
    createdAt: contracts.createdAt,
    updatedAt: contracts.updatedAt,
  }),
  filters: { active: { column: contracts.active, type: 'boolean' } },
  searchColumn: contracts.searchText,
  defaultSort: 'name',
  maxLimit: 1000,
};

export const contractRoutes = crudRoutes({
  entity: 'contract',
  area: 'contract',
  noun: entityNouns.contract,
  table: contracts,
  id: contracts._id,
  resource: contractResource,
  record: contractRecord,
  body: contractBody,
  toValues: (b) => ({ ...b, searchText: normalizeArabic(`${b.name} ${b.description}`) }),
  label: (r) => String(r.name),
  references: [{ table: orders, column: orders.contract, what: 'الطلبات' }],
  refs: [ref('form', contracts.form), ref('service', contracts.service)],
  plural: 'أنواع العقود',
  export: {
    fileName: 'أنواع العقود',
    columns: () => [
      { key: 'name', header: 'نوع العقد' },
      { key: 'durationMonths', header: 'المدة (أشهر)', type: 'number' },
      { key: 'visits', header: 'عدد الزيارات', type: 'number' },
      { key: 'price', header: 'السعر (ر.س)', type: 'money' },
      { key: 'active', header: 'فعّال', type: 'boolean' },
      { key: 'createdAt', header: 'تاريخ الإضافة', type: 'datetime' },
    ],
  },
  unique: [{ field: 'name', column: contracts.name, message: () => 'يوجد نوع عقد بهذا الاسم' }],
});
