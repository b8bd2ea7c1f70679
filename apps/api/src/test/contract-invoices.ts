import { type EinvoiceSnapshot, riyadhDayOf } from '@idara/domain';
import { asc } from 'drizzle-orm';
import { einvoices } from '../db/schema';
import { createTestApp } from './harness';

/**
 * The invoices customer contracts issue through the billing path, on an embedded database: upfront,
 * a quarter's and a done visit's, each for a business buyer (standard) and a person (simplified).
 * `npm run zatca:validate` runs ZATCA's rules on them.
 */
export async function contractInvoices(): Promise<[string, EinvoiceSnapshot][]> {
  const t = await createTestApp();
  try {
    const token = await t.adminToken();
    const post = async (url: string, payload: object) => {
      const res = await t.inject({ method: 'POST', url, token, payload });
      if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const today = riyadhDayOf(new Date());
    const service = (await post('/api/service', { name: 'عقد صيانة مكيفات', price: '0' }))._id;
    const type = (
      await post('/api/contract', {
        name: 'صيانة ربع سنوية',
        durationMonths: 12,
        visits: 4,
        price: '4800',
        service,
      })
    )._id;
    const government = (await post('/api/government', { name: 'منطقة اختبار العقود' }))._id;
    const city = (await post('/api/city', { name: 'مدينة اختبار العقود', government }))._id;
    const buyers = {
      standard: {
        name: 'شركة الأفق للتجارة',
        type: 'company',
        phoneNumber: '0551234567',
        vatNumber: '311111111100003',
        crNumber: '1010101010',
        buildingNumber: '1234',
        street: 'التحلية',
        district: 'السليمانية',
        postalCode: '12245',
        additionalNumber: '5678',
        government,
        city,
      },
      simplified: { name: 'عبدالله السالم', phoneNumber: '0557654321' },
    };
    for (const buyer of Object.values(buyers)) {
      const customer = (await post('/api/customer', buyer))._id;
      await post('/api/customer-contract', { customer, contract: type, startDate: today });
      await post('/api/customer-contract', {
        customer,
        contract: type,
        startDate: today,
        billing: 'per_period',
        billingPeriod: 'quarter',
      });
      const perVisit = await post('/api/customer-contract', {
        customer,
        contract: type,
        startDate: today,
        billing: 'per_visit',
      });
      await post(`/api/visit/${perVisit.visits[0]._id}/status`, { status: 'done' });
    }
    const rows = await t.db.select().from(einvoices).orderBy(asc(einvoices.issuedAt));
    return rows.map((r) => [`${r.scope} ${r.snapshot.lines[0]?.name ?? ''}`, r.snapshot]);
  } finally {
    await t.close();
  }
}
