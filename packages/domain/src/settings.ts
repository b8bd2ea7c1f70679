import type { NationalAddress } from './einvoice';

/** Spec §3 settings with their defaults, plus the seller data a VAT invoice needs. */
export const settingsDefaults = {
  tax: 15,
  address: '',
  email: '',
  phoneNumber: '',
  whatsappNumber: '',
  newCustomer: true,
  newOrder: true,
  newPayment: true,
  payPayment: true,
  maintenanceMode: false,
  /**
   * The seller: name, VAT number, commercial registration (10 digits) and national address, on every
   * e-invoice. A new installation has none: nothing is issued until the office fills them in
   * (settings), so no document ever carries invented seller data.
   */
  companyName: '',
  vatNumber: '',
  crNumber: '',
  sellerAddress: null as NationalAddress | null,
  /** Whoever recorded a payment cannot approve it. */
  fourEyes: true,
};

export type Settings = typeof settingsDefaults;

/** What a user without `settings:update` is told while maintenance mode is on (503 and realtime). */
export const MAINTENANCE_MESSAGE = 'النظام في وضع الصيانة حالياً، يرجى المحاولة لاحقاً';
