/** The 13 administrative regions of Saudi Arabia with their main cities. */
export const saudiRegions: { name: string; cities: string[] }[] = [
  {
    name: 'منطقة الرياض',
    cities: ['الرياض', 'الخرج', 'الدوادمي', 'المجمعة', 'القويعية', 'وادي الدواسر', 'الزلفي', 'عفيف'],
  },
  { name: 'منطقة مكة المكرمة', cities: ['مكة المكرمة', 'جدة', 'الطائف', 'رابغ', 'القنفذة', 'الليث'] },
  { name: 'منطقة المدينة المنورة', cities: ['المدينة المنورة', 'ينبع', 'العلا', 'بدر', 'خيبر'] },
  { name: 'منطقة القصيم', cities: ['بريدة', 'عنيزة', 'الرس', 'البكيرية', 'المذنب'] },
  {
    name: 'المنطقة الشرقية',
    cities: ['الدمام', 'الخبر', 'الظهران', 'الأحساء', 'الجبيل', 'القطيف', 'حفر الباطن', 'الخفجي'],
  },
  { name: 'منطقة عسير', cities: ['أبها', 'خميس مشيط', 'بيشة', 'النماص', 'محايل عسير'] },
  { name: 'منطقة تبوك', cities: ['تبوك', 'الوجه', 'ضباء', 'تيماء', 'أملج'] },
  { name: 'منطقة حائل', cities: ['حائل', 'بقعاء', 'الغزالة'] },
  { name: 'منطقة الحدود الشمالية', cities: ['عرعر', 'رفحاء', 'طريف'] },
  { name: 'منطقة جازان', cities: ['جازان', 'صبيا', 'أبو عريش', 'صامطة'] },
  { name: 'منطقة نجران', cities: ['نجران', 'شرورة', 'حبونا'] },
  { name: 'منطقة الباحة', cities: ['الباحة', 'بلجرشي', 'المندق'] },
  { name: 'منطقة الجوف', cities: ['سكاكا', 'القريات', 'دومة الجندل'] },
];

export const seedPaymentMethods = [
  { name: 'نقدي', kind: 'cash', details: 'الدفع نقداً عند تقديم الخدمة' },
  { name: 'تحويل بنكي', kind: 'bank_transfer', details: '' },
  { name: 'مدى', kind: 'card', details: 'الدفع بالبطاقة عبر جهاز نقاط البيع' },
];

/**
 * Seller data beside the sample company name and VAT number of a new installation, so the documents
 * it issues are complete from the first day; settings ask to replace them before connecting to FATOORA.
 */
export const sampleSeller = {
  crNumber: '1010010000',
  sellerAddress: {
    buildingNumber: '2322',
    street: 'طريق الملك فهد',
    district: 'العليا',
    city: 'الرياض',
    postalCode: '12211',
    additionalNumber: '7788',
  },
};
