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
  companyName: 'شركة إدارة للخدمات',
  vatNumber: '300000000000003',
  /** Commercial registration (10 digits) and national address: on every e-invoice. */
  crNumber: '',
  sellerAddress: null as NationalAddress | null,
  /** Whoever recorded a payment cannot approve it. */
  fourEyes: true,
};

export type Settings = typeof settingsDefaults;

/** What a user without `settings:update` is told while maintenance mode is on (503 and realtime). */
export const MAINTENANCE_MESSAGE = 'النظام في وضع الصيانة حالياً، يرجى المحاولة لاحقاً';
