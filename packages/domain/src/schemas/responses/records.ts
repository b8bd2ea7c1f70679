import { z } from 'zod';
import type { EntityRows } from '../../entities';
import { customerTypes, paymentMethodKinds } from '../../record-kinds';
import { units } from '../../units';
import { vatCategories } from '../../vat-categories';
import { messageOptOutKinds } from '../../whatsapp';
import { idOut, moneyOut, storedRowOut, withVersion } from './common';

export const governmentRow = storedRowOut('Government', { name: z.string() });
export const governmentRecord = withVersion(governmentRow);
export type Government = z.output<typeof governmentRow>;

export const cityRow = storedRowOut('City', { name: z.string(), government: idOut });
export const cityRecord = withVersion(cityRow);
export type City = z.output<typeof cityRow>;

export const customerRow = storedRowOut('Customer', {
  name: z.string(),
  type: z.enum(customerTypes),
  phoneNumber: z.string(),
  whatsappNumber: z.string(),
  email: z.string(),
  vatNumber: z.string(),
  crNumber: z.string(),
  government: idOut.nullable(),
  city: idOut.nullable(),
  buildingNumber: z.string(),
  street: z.string(),
  district: z.string(),
  postalCode: z.string(),
  additionalNumber: z.string(),
  notes: z.string(),
  messageOptOuts: z.array(z.enum(messageOptOutKinds)),
});
export const customerRecord = withVersion(customerRow);
export type Customer = z.output<typeof customerRow>;

export const serviceRow = storedRowOut('Service', {
  name: z.string(),
  description: z.string(),
  price: moneyOut,
  active: z.boolean(),
  form: idOut.nullable(),
  vatCategory: z.enum(vatCategories),
  vatExemptionCode: z.string(),
  vatExemptionReason: z.string(),
  unit: z.enum(units),
});
export const serviceRecord = withVersion(serviceRow);
export type Service = z.output<typeof serviceRow>;

export const contractRow = storedRowOut('Contract', {
  name: z.string(),
  description: z.string(),
  durationMonths: z.number().int(),
  visits: z.number().int(),
  price: moneyOut,
  active: z.boolean(),
  /** The checklist its visits carry. */
  form: idOut.nullable(),
  formName: z.string().nullable(),
  /** The service its customers' contracts are invoiced as. */
  service: idOut.nullable(),
  serviceName: z.string().nullable(),
});
export const contractRecord = withVersion(contractRow);
export type Contract = z.output<typeof contractRow>;

export const paymentMethodRow = storedRowOut('PaymentMethod', {
  name: z.string(),
  kind: z.enum(paymentMethodKinds),
  details: z.string(),
  active: z.boolean(),
});
export const paymentMethodRecord = withVersion(paymentMethodRow);
export type PaymentMethod = z.output<typeof paymentMethodRow>;

/** The row each record the web's resource screens show answers with, by the resource's name (`recordBodies`). */
export type RecordRows = CoreRecordRows & EntityRows;
interface CoreRecordRows {
  government: Government;
  city: City;
  service: Service;
  contract: Contract;
  paymentMethod: PaymentMethod;
}
