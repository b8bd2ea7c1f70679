import { z } from 'zod';
import { orderStatuses } from '../../orders';
import { units } from '../../units';
import { vatCategories } from '../../vat-categories';
import { idOut, listOf, moneyOut } from './common';

/** `GET /api/lookup/places`: every region and city, by name. */
export const placesOut = z.object({
  governments: z.array(z.object({ _id: idOut, name: z.string() })),
  cities: z.array(z.object({ _id: idOut, name: z.string(), government: idOut })),
});
export type Places = z.output<typeof placesOut>;
export type PlaceRegion = Places['governments'][number];
export type PlaceCity = Places['cities'][number];

const pricedOut = z.object({ _id: idOut, name: z.string(), price: moneyOut, active: z.boolean() });
/** A service as an order line needs it: its unit (whole or measured quantities) and its VAT category. */
const serviceOptionOut = pricedOut.extend({
  unit: z.enum(units),
  vatCategory: z.enum(vatCategories),
  vatExemptionCode: z.string(),
  vatExemptionReason: z.string(),
});
/** A contract type as selling it to a customer needs it: how long it runs and how many visits it plans. */
const contractOptionOut = pricedOut.extend({
  durationMonths: z.number().int(),
  visits: z.number().int(),
});
/** `GET /api/lookup/services`: services and contract types with their prices. */
export const pricedLookupsOut = z.object({
  services: z.array(serviceOptionOut),
  contracts: z.array(contractOptionOut),
});
export type PricedOption = z.output<typeof pricedOut>;
export type ServiceOption = z.output<typeof serviceOptionOut>;
export type ContractOption = z.output<typeof contractOptionOut>;
export type PricedLookups = z.output<typeof pricedLookupsOut>;

/** `GET /api/lookup/paymentMethods`: every method (the list's answer shape, all rows). */
export const paymentMethodOptionOut = z.object({ _id: idOut, name: z.string(), active: z.boolean() });
export const paymentMethodOptionsOut = listOf(paymentMethodOptionOut);
export type PaymentMethodOption = z.output<typeof paymentMethodOptionOut>;

/** The pickers' rows (`/api/lookup/customers|orders|users|forms`, and `/:id` for one). */
export const customerPickOut = z.object({
  _id: idOut,
  name: z.string(),
  phoneNumber: z.string(),
  city: idOut.nullable(),
  /** The address an order made for this customer starts from. */
  buildingNumber: z.string(),
  street: z.string(),
  district: z.string(),
  postalCode: z.string(),
});
export type CustomerPick = z.output<typeof customerPickOut>;
export const orderPickOut = z.object({
  _id: idOut,
  number: z.number().int(),
  customer: idOut,
  customerName: z.string(),
  status: z.enum(orderStatuses),
  total: moneyOut,
  paid: moneyOut,
  balance: moneyOut,
  invoiced: moneyOut,
  pending: moneyOut,
  outstanding: moneyOut,
});
export type OrderPick = z.output<typeof orderPickOut>;
export const userPickOut = z.object({ _id: idOut, name: z.string(), jobTitle: z.string() });
export type UserPick = z.output<typeof userPickOut>;
export const formPickOut = z.object({
  _id: idOut,
  title: z.string(),
  version: z.number().int(),
  active: z.boolean(),
});
export type FormPick = z.output<typeof formPickOut>;
