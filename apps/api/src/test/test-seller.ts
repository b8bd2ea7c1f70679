import type { Db } from '../db/client';
import { settings } from '../db/schema';

/**
 * Seller data for tests that issue documents. A new installation has none (nothing is issued under
 * invented data), so the test harness writes these into each test's settings unless asked not to.
 * 300000000000003 is the VAT number of ZATCA's own samples.
 */
export const testSeller = {
  companyName: 'مؤسسة الاختبار للخدمات',
  vatNumber: '300000000000003',
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

export async function applyTestSeller(db: Db) {
  await db.update(settings).set({ ...testSeller, updatedAt: new Date() });
}
