import { customerTypes, formatSaudiPhoneLocal, normalizeArabic } from '@idara/domain';
import { customers } from '../../db/schema';
import type { ListResource } from '../../http/list-query';

export const customerFields = {
  _id: customers._id,
  name: customers.name,
  type: customers.type,
  phoneNumber: customers.phoneNumber,
  whatsappNumber: customers.whatsappNumber,
  email: customers.email,
  vatNumber: customers.vatNumber,
  crNumber: customers.crNumber,
  government: customers.government,
  city: customers.city,
  buildingNumber: customers.buildingNumber,
  street: customers.street,
  district: customers.district,
  postalCode: customers.postalCode,
  additionalNumber: customers.additionalNumber,
  notes: customers.notes,
  createdAt: customers.createdAt,
  updatedAt: customers.updatedAt,
};

export const customerResource: ListResource = {
  table: customers,
  fields: customerFields,
  filters: {
    type: { column: customers.type, type: 'enum', values: customerTypes },
    city: { column: customers.city, type: 'uuid' },
    government: { column: customers.government, type: 'uuid' },
    createdAt: { column: customers.createdAt, type: 'date' },
  },
  searchColumn: customers.searchText,
  defaultSort: '-createdAt',
};

/** What Arabic search matches: name, both phone forms, WhatsApp, email, VAT and CR numbers. */
export function customerSearchText(c: {
  name: string;
  phoneNumber: string;
  whatsappNumber?: string;
  email?: string;
  vatNumber?: string;
  crNumber?: string;
}) {
  const phones = [c.phoneNumber, c.whatsappNumber].filter(Boolean) as string[];
  return normalizeArabic(
    [c.name, ...phones, ...phones.map(formatSaudiPhoneLocal), c.email, c.vatNumber, c.crNumber]
      .filter(Boolean)
      .join(' '),
  );
}
