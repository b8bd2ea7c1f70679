/**
 * Seller data for tests that issue documents. A new installation has none (nothing is issued under
 * invented data), so the test harness writes these into each test's settings unless asked not to,
 * and the browser suite enters them first (e2e/seller.setup.ts). Values only: both import it.
 * 300000000000003 is the VAT number of ZATCA's own samples.
 */
export const testSeller = {
  companyName: 'مؤسسة الاختبار للخدمات',
  vatNumber: '300000000000003',
  crNumber: '1010010000',
  businessCategory: 'صيانة المباني والتكييف',
  sellerAddress: {
    buildingNumber: '2322',
    street: 'طريق الملك فهد',
    district: 'العليا',
    city: 'الرياض',
    postalCode: '12211',
    additionalNumber: '7788',
  },
};
