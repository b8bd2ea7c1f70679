import { equipment as definition } from '@idara/domain';
import { equipment } from '../../db/schema';
import { entityRoutes } from '../../http/entity-routes';
import { ref } from '../../http/references';

/** معدات العملاء: a customer's installed equipment, by serial number. */
export default entityRoutes(definition, {
  table: equipment,
  refs: [ref('customer', equipment.customer)],
  search: ['name', 'serialNumber', 'model'],
  label: (r) => `${r.name} (${r.serialNumber})`,
  unique: [
    {
      field: 'serialNumber',
      column: equipment.serialNumber,
      message: (e) => `الرقم التسلسلي مسجل مسبقاً للمعدّة «${e.name}» لدى «${e.customerName}»`,
    },
  ],
  export: {
    fileName: 'معدات العملاء',
    pdf: true,
    columns: () => [
      { key: 'name', header: 'المعدّة', width: 28 },
      { key: 'serialNumber', header: 'الرقم التسلسلي', width: 20 },
      { key: 'customerName', header: 'العميل', width: 28 },
      { key: 'model', header: 'الطراز' },
      { key: 'installedAt', header: 'تاريخ التركيب', type: 'date' },
      { key: 'warrantyUntil', header: 'نهاية الضمان', type: 'date' },
      { key: 'notes', header: 'ملاحظات', width: 30 },
    ],
  },
});
