import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/fixture';

const t = useTestApp();

describe('settings', () => {
  it('has the spec defaults and honours the spec field selection', async () => {
    const all = (await t.get('/api/settings')).json();
    expect(all).toMatchObject({
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
    });
    expect(all.companyName).toBeTruthy();
    expect(all.vatNumber).toMatch(/^3\d{13}3$/);
    const trimmed = (await t.get('/api/settings?fields=-version,-createdAt,-updatedAt,-_id&cache=1')).json();
    expect(trimmed).not.toHaveProperty('_id');
    expect(trimmed).not.toHaveProperty('version');
    expect(trimmed).not.toHaveProperty('createdAt');
    expect(trimmed).toHaveProperty('tax', 15);
  });

  it('refuses inherited names as fields with an Arabic 400', async () => {
    for (const name of ['__proto__', 'constructor', 'toString']) {
      const res = await t.get(`/api/settings?fields=${name}`);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toContain('غير معروف');
    }
  });

  it('updates with settings:update only, and validates in Arabic', async () => {
    const employee = await t.userWith('employee');
    expect((await t.put('/api/settings', { tax: 5 }, employee.token)).statusCode).toBe(403);
    const bad = await t.put('/api/settings', { tax: 150, vatNumber: '123', email: 'bad' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['email', 'tax', 'vatNumber']);
    // Only the rates ZATCA allows for standard-rated supplies: 10 % or 0 % would fail BR-KSA-84.
    for (const tax of [10, 0, 14.5]) {
      const refused = await t.put('/api/settings', { tax });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().fieldErrors.tax).toContain('15٪');
    }
    const tooLong = await t.put('/api/settings', { companyName: 'ش'.repeat(70) });
    expect(tooLong.statusCode).toBe(422);
    const ok = await t.put('/api/settings', {
      tax: 15,
      address: 'الرياض، حي العليا',
      vatNumber: '٣١٠١٢٣٤٥٦٧٠٠٠٠٣',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ address: 'الرياض، حي العليا', vatNumber: '310123456700003' });
  });

  it('maintenance mode answers 503 to users without settings:update, admins keep working', async () => {
    const employee = await t.userWith('employee');
    await t.put('/api/settings', { maintenanceMode: true });
    const blocked = await t.get('/api/auth/me', employee.token);
    expect(blocked.statusCode).toBe(503);
    expect(blocked.json()).toMatchObject({ maintenance: true });
    expect(blocked.json().message).toMatch(/الصيانة/);
    expect((await t.get('/api/user')).statusCode).toBe(200);
    expect((await t.get('/api/health', '')).statusCode).toBe(200);
    await t.put('/api/settings', { maintenanceMode: false });
    expect((await t.get('/api/auth/me', employee.token)).statusCode).toBe(200);
  });
});

describe('seller data for e-invoices', () => {
  const put = (payload: Record<string, unknown>) => t.put('/api/settings', payload);

  it('takes the CR number and the national address, refusing malformed parts in Arabic and writing nothing', async () => {
    const before = (await t.get('/api/settings')).json();
    const bad = await put({
      crNumber: '12345',
      sellerAddress: {
        buildingNumber: '12',
        street: '',
        district: 'العليا',
        city: 'الرياض',
        postalCode: '1234',
        additionalNumber: 'x',
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fieldErrors).toMatchObject({
      crNumber: 'السجل التجاري 10 أرقام',
      'sellerAddress.buildingNumber': 'رقم المبنى 4 أرقام',
      'sellerAddress.street': 'اسم الشارع مطلوب',
      'sellerAddress.postalCode': 'الرمز البريدي 5 أرقام',
      'sellerAddress.additionalNumber': 'الرقم الإضافي 4 أرقام',
    });
    expect((await t.get('/api/settings')).json()).toEqual(before);

    const address = {
      buildingNumber: '٨٢٢٨',
      street: 'الأمير سلطان',
      district: 'المربع',
      city: 'الرياض',
      postalCode: '12628',
      additionalNumber: '',
    };
    const ok = await put({ crNumber: '١٠١٠٢٢٣٣٤٤', sellerAddress: address, fourEyes: false });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      crNumber: '1010223344',
      sellerAddress: { ...address, buildingNumber: '8228' },
      fourEyes: false,
    });
    await put({ fourEyes: true });
  });
});
