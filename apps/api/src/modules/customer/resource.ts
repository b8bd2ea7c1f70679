import { customerTypes, formatSaudiPhoneLocal, normalizeArabic } from '@idara/domain';
import { customers } from '../../db/schema';
import { filtersOn, listResource } from '../../http/list-parts';

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
  messageOptOuts: customers.messageOptOuts,
  createdAt: customers.createdAt,
  updatedAt: customers.updatedAt,
};

export const customerResource = listResource(customers, customerFields, {
  filters: filtersOn(customers, {
    enum: { type: customerTypes },
    uuid: ['city', 'government'],
    date: ['createdAt'],
  }),
});

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
