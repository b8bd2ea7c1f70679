/** Small shared bits of the record screens (government, city, service, contract, payment method). */
export const ACTIVE_FILTER_OPTIONS = [
  { value: 'true', label: 'فعّال' },
  { value: 'false', label: 'موقوف' },
];

export const MONTHS = { one: 'شهر واحد', two: 'شهران', few: '{n} أشهر', many: '{n} شهراً', other: '{n} شهر' };
export const VISITS = {
  zero: 'بدون زيارات',
  one: 'زيارة واحدة',
  two: 'زيارتان',
  few: '{n} زيارات',
  many: '{n} زيارة',
  other: '{n} زيارة',
};
