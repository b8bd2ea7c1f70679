import { beforeAll, describe, expect, it } from 'vitest';
import { einvoices } from '../../db/schema';
import { useTestApp } from '../../test/fixture';
import { testSeller } from '../../test/test-seller';

/**
 * A fresh installation invents no seller: nothing is issued until the office fills in its seller
 * data, and a payment marked paid or an order completed meanwhile is kept, its invoice left to issue.
 */

let reviewer: string;

const t = useTestApp({ seller: false });
const { get, post } = t;

beforeAll(async () => {
  reviewer = (await t.userWith('admin')).token;
});

describe('a fresh installation', () => {
  it('holds no seller data, and says so where e-invoicing is set up', async () => {
    const settings = (await get('/api/settings')).json();
    expect(settings).toMatchObject({ companyName: '', vatNumber: '', crNumber: '', sellerAddress: null });
    const state = (await get('/api/einvoicing')).json();
    expect(state.seller.ready).toBe(false);
    expect(Object.keys(state.seller.fieldErrors)).toEqual(
      expect.arrayContaining(['companyName', 'vatNumber', 'crNumber']),
    );
  });

  it('refuses to issue in Arabic naming what is missing; a payment marked paid is kept and its invoice waits', async () => {
    const customer = (await post('/api/customer', { name: 'ريم العنزي', phoneNumber: '0552231301' })).json()
      ._id;
    const service = (await post('/api/service', { name: 'تعقيم', price: '100.00' })).json()._id;
    const order = (
      await post('/api/order', { customer, items: [{ service, quantity: 2, unitPrice: '100.00' }] })
    ).json();

    const refused = await post(`/api/order/${order._id}/invoice`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'seller_incomplete' });
    for (const name of ['اسم المنشأة', 'الرقم الضريبي', 'السجل التجاري', 'العنوان الوطني'])
      expect(refused.json().message).toContain(name);

    const cash = (await get('/api/paymentMethod?limit=0')).json().data[0]._id;
    const payment = (
      await post('/api/payment', { order: order._id, amount: '230.00', paymentMethod: cash })
    ).json();
    expect(
      (await post(`/api/payment/${payment._id}/status`, { status: 'approved' }, reviewer)).statusCode,
    ).toBe(200);
    const paid = await post(`/api/payment/${payment._id}/status`, { status: 'paid' }, reviewer);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await post(`/api/order/${order._id}/status`, { status: 'in_progress' })).statusCode).toBe(200);
    expect((await post(`/api/order/${order._id}/status`, { status: 'completed' })).statusCode).toBe(200);
    expect(await t.db.select().from(einvoices)).toHaveLength(0);
    expect((await get(`/api/order/${order._id}`)).json()).toMatchObject({
      status: 'completed',
      paid: '230.00',
      invoiced: '0.00',
      uninvoiced: '230.00',
      outstanding: '-230.00',
    });

    // Once the seller data is complete, the office issues the waiting invoice.
    const saved = await t.put('/api/settings', testSeller);
    expect(saved.statusCode, saved.body).toBe(200);
    const issued = await post(`/api/order/${order._id}/invoice`);
    expect(issued.statusCode, issued.body).toBe(201);
    expect(issued.json().snapshot.seller).toMatchObject({ name: testSeller.companyName });
    expect((await get(`/api/order/${order._id}`)).json()).toMatchObject({
      invoiced: '230.00',
      outstanding: '0.00',
    });
  });
});
