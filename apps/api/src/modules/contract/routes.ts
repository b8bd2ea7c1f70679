import { contractBody, contractRecord, contractRow, entityNouns } from '@idara/domain';
import { contracts, orders } from '../../db/schema';
import { catalogueRoutes } from '../../http/catalogue-routes';
import { filtersOn } from '../../http/list-parts';
import { ref } from '../../http/references';

export const contractRoutes = catalogueRoutes({
  entity: 'contract',
  area: 'contract',
  noun: entityNouns.contract,
  table: contracts,
  row: contractRow,
  filters: filtersOn(contracts, { boolean: ['active'] }),
  record: contractRecord,
  body: contractBody,
  search: (b) => `${b.name} ${b.description}`,
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
