import { formatDateTime } from '@idara/domain';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../db/schema';
import { useTestApp } from '../test/fixture';

/** A second editor with a known name: the 412 must name her. */
let layla: string;
const LAYLA = 'ليلى القحطاني';
let riyadh: string;
let cleaning: string;
let customerId: string;
let laylaId: string;

const t = useTestApp();
beforeAll(async () => {
  const created = await t.post('/api/user', {
    name: LAYLA,
    phoneNumber: '0557770001',
    role: 'admin',
    password: 'Passw0rd!x',
  });
  expect(created.statusCode).toBe(201);
  laylaId = created.json()._id;
  layla = (await t.signIn('0557770001', 'Passw0rd!x')).token;
  riyadh = (await t.get('/api/city?limit=0&search=الرياض')).json().data[0]._id;
  cleaning = (await t.post('/api/service', { name: 'تنظيف', price: '150.00' })).json()._id;
  governmentId = (await t.get('/api/government?limit=1')).json().data[0]._id;
  customerId = (await t.post('/api/customer', { name: 'سارة العتيبي', phoneNumber: '0551110001' })).json()
    ._id;
});

interface Editable {
  name: string;
  /** Creates a record (when needed) and answers its URL and activity-log entity and id. */
  setup: () => Promise<{ url: string; entity: string; entityId: () => Promise<string> }>;
  /** A full PUT body whose edited field carries `value`. */
  body: (value: string) => Record<string, unknown>;
  /** The edited field as the GET shows it. */
  read: (row: Record<string, unknown>) => unknown;
}

const orderBody = (notes: string) => ({
  customer: customerId,
  city: riyadh,
  items: [{ service: cleaning, quantity: 1, unitPrice: '150.00' }],
  discount: '0.00',
  notes,
});

let paymentTarget: { order: string; paymentMethod: string };

/** A record created through `POST /api/<area>` with `body('')`, edited through the same body. */
function created(
  name: string,
  area: string,
  entity: string,
  body: (value: string) => Record<string, unknown>,
  read: (row: Record<string, unknown>) => unknown,
): Editable {
  return {
    name,
    setup: async () => {
      const res = await t.post(`/api/${area}`, body(''));
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json()._id;
      return { url: `/api/${area}/${id}`, entity, entityId: async () => id };
    },
    body,
    read,
  };
}

let governmentId: string;
const formFieldsBody = [{ key: 'notes', type: 'textarea', label: 'ملاحظات' }];

const editables: Editable[] = [
  {
    name: 'customer (crudRoutes)',
    setup: async () => ({
      url: `/api/customer/${customerId}`,
      entity: 'customer',
      entityId: async () => customerId,
    }),
    body: (v) => ({ name: 'سارة العتيبي', phoneNumber: '0551110001', notes: v }),
    read: (r) => r.notes,
  },
  created(
    'service (crudRoutes)',
    'service',
    'service',
    (v) => ({ name: 'خدمة التعارض', price: '80.00', description: v }),
    (r) => r.description,
  ),
  created(
    'contract (crudRoutes)',
    'contract',
    'contract',
    (v) => ({ name: 'عقد التعارض', durationMonths: 12, visits: 4, price: '900.00', description: v }),
    (r) => r.description,
  ),
  created(
    'payment method (crudRoutes)',
    'paymentMethod',
    'paymentMethod',
    (v) => ({ name: 'تحويل التعارض', kind: 'bank_transfer', details: v }),
    (r) => r.details,
  ),
  created(
    'government (crudRoutes)',
    'government',
    'government',
    (v) => ({ name: `منطقة التعارض ${v}` }),
    (r) => String(r.name).replace('منطقة التعارض ', ''),
  ),
  created(
    'city (crudRoutes)',
    'city',
    'city',
    (v) => ({ name: `مدينة التعارض ${v}`, government: governmentId }),
    (r) => String(r.name).replace('مدينة التعارض ', ''),
  ),
  created(
    'form (rowVersion, apart from the form-fields version)',
    'form',
    'form',
    (v) => ({ title: 'نموذج التعارض', description: v, active: true, fields: formFieldsBody }),
    (r) => r.description,
  ),
  {
    name: 'user',
    setup: async () => {
      const res = await t.post('/api/user', {
        name: 'خالد الشمري',
        phoneNumber: '0557770002',
        role: 'employee',
        password: 'Passw0rd!x',
      });
      expect(res.statusCode).toBe(201);
      const id = res.json()._id;
      return { url: `/api/user/${id}`, entity: 'user', entityId: async () => id };
    },
    body: (v) => ({ jobTitle: v }),
    read: (r) => r.jobTitle,
  },
  {
    name: 'order',
    setup: async () => {
      const res = await t.post('/api/order', orderBody(''));
      expect(res.statusCode).toBe(201);
      const id = res.json()._id;
      return { url: `/api/order/${id}`, entity: 'order', entityId: async () => id };
    },
    body: orderBody,
    read: (r) => r.notes,
  },
  {
    name: 'payment',
    setup: async () => {
      const order = await t.post('/api/order', orderBody(''));
      const method = await t.post('/api/paymentMethod', { name: 'نقداً للاختبار', kind: 'cash' });
      expect(method.statusCode, method.body).toBe(201);
      paymentTarget = { order: order.json()._id, paymentMethod: method.json()._id };
      const res = await t.post('/api/payment', { ...paymentTarget, amount: '10.00' });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json()._id;
      return { url: `/api/payment/${id}`, entity: 'payment', entityId: async () => id };
    },
    body: (v) => ({ ...paymentTarget, amount: '10.00', note: v }),
    read: (r) => r.note,
  },
  {
    name: 'task',
    setup: async () => {
      const res = await t.post('/api/task', { title: 'زيارة فحص', assignee: laylaId });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json()._id;
      return { url: `/api/task/${id}`, entity: 'task', entityId: async () => id };
    },
    body: (v) => ({ title: 'زيارة فحص', assignee: laylaId, description: v }),
    read: (r) => r.description,
  },
  {
    name: 'settings (singleton)',
    setup: async () => ({
      url: '/api/settings',
      entity: 'settings',
      entityId: async () => (await t.get('/api/settings')).json()._id,
    }),
    body: (v) => ({ address: v }),
    read: (r) => r.address,
  },
];

const get = (url: string) => t.get(url);
const put = (url: string, token: string, payload: object, ifMatch?: string) =>
  t.inject({
    method: 'PUT',
    url,
    token,
    payload,
    headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
  });

describe.each(editables)('edit conflicts: $name', (e) => {
  let url: string;
  let entity: string;
  let entityId: () => Promise<string>;
  beforeAll(async () => {
    ({ url, entity, entityId } = await e.setup());
  });

  async function current() {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"\d+"$/);
    expect(res.json().rowVersion ?? res.json().version).toBe(Number(etag.slice(1, -1)));
    return { etag, row: res.json() as Record<string, unknown> };
  }

  it('GET answers a strong ETag; a PUT with the current If-Match saves and moves the ETag on', async () => {
    const { etag } = await current();
    const res = await put(url, layla, e.body('نسخة ليلى'), etag);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe(`"${Number(etag.slice(1, -1)) + 1}"`);
    const after = await current();
    expect(after.etag).toBe(res.headers.etag);
    expect(e.read(after.row)).toBe('نسخة ليلى');
    // The activity row shows the edit, not the version bump.
    const [logged] = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.entity, entity), eq(activity.entityId, await entityId())))
      .orderBy(desc(activity.createdAt))
      .limit(1);
    expect(JSON.stringify(logged.changes)).toContain('نسخة ليلى');
    const changes = logged.changes as { after?: Record<string, unknown> } | null;
    expect(Object.keys(changes?.after ?? {})).not.toContain('version');
  });

  it('a stale If-Match answers 412 naming who saved in between and when, and changes nothing', async () => {
    const opened = await current();
    const first = await put(url, layla, e.body('حفظ ليلى'), opened.etag);
    expect(first.statusCode, first.body).toBe(200);
    const [last] = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.entity, entity), eq(activity.entityId, await entityId())))
      .orderBy(desc(activity.createdAt))
      .limit(1);
    const logsBefore = await t.db.select().from(activity);

    const stale = await put(url, t.admin, e.body('حفظ المدير'), opened.etag);
    expect(stale.statusCode).toBe(412);
    const body = stale.json();
    expect(body.message).toContain(LAYLA);
    expect(body.message).toContain(formatDateTime(last.createdAt));
    expect(body).toMatchObject({
      currentVersion: Number(String(first.headers.etag).slice(1, -1)),
      changedBy: LAYLA,
      changedAt: last.createdAt.toISOString(),
    });
    expect(stale.headers.etag).toBe(first.headers.etag);
    const after = await current();
    expect(e.read(after.row)).toBe('حفظ ليلى');
    expect(after.etag).toBe(first.headers.etag);
    expect((await t.db.select().from(activity)).length).toBe(logsBefore.length);
  });

  it('a PUT without If-Match still saves (last write wins), and * or a list of tags is accepted', async () => {
    const free = await put(url, t.admin, e.body('بلا شرط'));
    expect(free.statusCode, free.body).toBe(200);
    expect(e.read((await current()).row)).toBe('بلا شرط');

    const star = await put(url, t.admin, e.body('أي نسخة'), '*');
    expect(star.statusCode, star.body).toBe(200);

    const { etag } = await current();
    const list = await put(url, t.admin, e.body('من قائمة'), `"99999", ${etag}`);
    expect(list.statusCode, list.body).toBe(200);

    // If-Match uses strong comparison: a weak tag never matches, nor does a malformed one.
    const { etag: now } = await current();
    expect((await put(url, t.admin, e.body('ضعيف'), `W/${now}`)).statusCode).toBe(412);
    expect((await put(url, t.admin, e.body('تالف'), 'غير صالح')).statusCode).toBe(412);
    expect(e.read((await current()).row)).toBe('من قائمة');
  });

  it('two concurrent PUTs from the same version: exactly one saves, the other gets 412', async () => {
    const { etag } = await current();
    const [a, b] = await Promise.all([
      put(url, layla, e.body('المتسابق أ'), etag),
      put(url, t.admin, e.body('المتسابق ب'), etag),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 412]);
    const winner = a.statusCode === 200 ? 'المتسابق أ' : 'المتسابق ب';
    const after = await current();
    expect(e.read(after.row)).toBe(winner);
    expect(after.etag).toBe(`"${Number(etag.slice(1, -1)) + 1}"`);
  });
});

describe('changes outside PUT to a field a PUT carries move the version on', () => {
  it('form: switching it off stops a builder save made before', async () => {
    const fields = [{ key: 'notes', type: 'textarea', label: 'ملاحظات' }];
    const created = await t.post('/api/form', {
      title: 'نموذج التفعيل',
      description: '',
      active: true,
      fields,
    });
    const url = `/api/form/${created.json()._id}`;
    const opened = (await get(url)).headers.etag as string;
    const off = await t.put(`${url}/active`, { active: false }, layla);
    expect(off.statusCode, off.body).toBe(200);
    const stale = await put(
      url,
      t.admin,
      { title: 'نموذج التفعيل', description: 'x', active: true, fields },
      opened,
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().changedBy).toBe(LAYLA);
    expect((await get(url)).json().active).toBe(false);
  });

  it('task: a reassignment from the list stops an edit made before, naming who reassigned', async () => {
    const other = await t.post('/api/user', {
      name: 'منصور الفني',
      phoneNumber: '0557770003',
      role: 'employee',
      password: 'Passw0rd!x',
    });
    const created = await t.post('/api/task', { title: 'مهمة الإسناد', assignee: laylaId });
    const url = `/api/task/${created.json()._id}`;
    const opened = (await get(url)).headers.etag as string;
    const assigned = await t.post(
      '/api/task/assign',
      { ids: [created.json()._id], assignee: other.json()._id },
      layla,
    );
    expect(assigned.statusCode, assigned.body).toBe(200);
    const stale = await put(
      url,
      t.admin,
      { title: 'مهمة الإسناد', assignee: laylaId, description: 'x' },
      opened,
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().message).toContain(LAYLA);
    expect((await get(url)).json().assignee).toBe(other.json()._id);
  });

  it('user: a profile change stops an admin edit made before', async () => {
    const url = `/api/user/${laylaId}`;
    const opened = (await get(url)).headers.etag as string;
    const profile = await t.put('/api/auth/profile', { name: LAYLA, email: 'layla@example.com' }, layla);
    expect(profile.statusCode, profile.body).toBe(200);
    const stale = await put(url, t.admin, { email: '' }, opened);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().changedBy).toBe(LAYLA);
    expect((await get(url)).json().email).toBe('layla@example.com');
  });
});
