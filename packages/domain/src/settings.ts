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
  /** The EGS unit's organisation unit in the CSR: the branch's name (the city when empty). */
  branchName: '',
  /** A VAT group's member (VAT number's 11th digit is 1): its 10-digit TIN, the CSR's organisation unit. */
  vatGroupTin: '',
  /** What the business does, the CSR's business category (required to connect to FATOORA). */
  businessCategory: '',
  crNumber: '',
  sellerAddress: null as NationalAddress | null,
  /** Whoever recorded a payment cannot approve it. */
  fourEyes: true,
  /** When planned visits start (Riyadh clock) and how long one lasts. */
  visitDayStart: '08:00',
  visitMinutes: 60,
  /** Days no visit is planned on besides Fridays: Eid, the National Day (09-23), the Founding Day (02-22). */
  holidays: [] as string[],
};

export type Settings = typeof settingsDefaults;

/** What a user without `settings:update` is told while maintenance mode is on (503 and realtime). */
export const MAINTENANCE_MESSAGE = 'النظام في وضع الصيانة حالياً، يرجى المحاولة لاحقاً';

/** A VAT group's number: the 11th of its 15 digits is 1 (ZATCA); its members connect under their TIN. */
export const isVatGroupNumber = (vatNumber: string) => /^\d{15}$/.test(vatNumber) && vatNumber[10] === '1';
