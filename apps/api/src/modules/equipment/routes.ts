import { entityNouns, equipmentBody, equipmentRecord, normalizeArabic } from '@idara/domain';
import { equipment } from '../../db/schema';
import { crudRoutes } from '../../http/crud';
import { fieldsOf, type ListResource } from '../../http/list-query';
import { ref } from '../../http/references';

const customer = ref('customer', equipment.customer);

export const equipmentResource: ListResource = {
  table: equipment,
  fields: fieldsOf(equipmentRecord, {
    _id: equipment._id,
    name: equipment.name,
    serialNumber: equipment.serialNumber,
    customer: equipment.customer,
    model: equipment.model,
    installedAt: equipment.installedAt,
    warrantyUntil: equipment.warrantyUntil,
    notes: equipment.notes,
    createdAt: equipment.createdAt,
    updatedAt: equipment.updatedAt,
  }),
  filters: {
    installedAt: { column: equipment.installedAt, type: 'day' },
    warrantyUntil: { column: equipment.warrantyUntil, type: 'day' },
  },
  searchColumn: equipment.searchText,
  defaultSort: '-createdAt',
};

/** معدات العملاء: a customer's installed equipment, by serial number. */
export const equipmentRoutes = crudRoutes({
  entity: 'equipment',
  area: 'equipment',
  noun: entityNouns.equipment,
  plural: 'المعدات',
  table: equipment,
  id: equipment._id,
  resource: equipmentResource,
  record: equipmentRecord,
  body: equipmentBody,
  refs: [customer],
  toValues: (b) => ({
    ...b,
    searchText: normalizeArabic([b.name, b.serialNumber, b.model].filter(Boolean).join(' ')),
  }),
  label: (r) => `${r.name} (${r.serialNumber})`,
  unique: [
    {
      field: 'serialNumber',
      column: equipment.serialNumber,
      message: (existing) =>
        `الرقم التسلسلي مسجل مسبقاً للمعدّة «${existing.name}» لدى «${existing.customerName}»`,
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
