import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { activity, taskFiles, tasks } from '../../db/schema';
import type { DomainEvents } from '../../lib/events';
import { useTestApp } from '../../test/fixture';
import { multipartFile } from '../../test/harness';

let adminId: string;
let worker: { token: string; user: { _id: string } };
let other: { token: string; user: { _id: string } };
let formId: string;
let customerId: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (method: Method, url: string, payload?: unknown, token = t.admin) =>
  t.inject({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]);
const upload = (taskId: string, field: string, bytes: Buffer, name = 'photo.png', token = worker.token) =>
  t.inject({
    method: 'POST',
    url: `/api/task/${taskId}/files?field=${field}`,
    token,
    ...multipartFile(name, bytes, 'image/png'),
  });

const fields = [
  { key: 'head', type: 'section', label: 'المعاينة' },
  { key: 'state', type: 'select', label: 'الحالة', required: true, options: ['جيد', 'سيئ'] },
  { key: 'units', type: 'number', label: 'عدد الوحدات', min: 1, max: 20 },
  { key: 'photo', type: 'file', label: 'صورة' },
  { key: 'sign', type: 'signature', label: 'توقيع العميل', required: true },
];

function capture<K extends keyof DomainEvents>(name: K) {
  const seen: DomainEvents[K][] = [];
  t.app.events.on(name, (e) => seen.push(e));
  return seen;
}

const t = useTestApp({ signedIn: false });
beforeAll(async () => {
  const signedIn = await t.signIn();
  t.admin = signedIn.token;
  adminId = signedIn.user._id;
  worker = await t.userWith('technician');
  other = await t.userWith('technician');
  formId = (await req('POST', '/api/form', { title: 'معاينة', fields })).json()._id;
  customerId = (
    await req('POST', '/api/customer', { name: 'نورة القحطاني', phoneNumber: '0552220001' })
  ).json()._id;
});

const newTask = async (extra: Record<string, unknown> = {}) => {
  const res = await req('POST', '/api/task', {
    title: 'معاينة موقع',
    assignee: worker.user._id,
    form: formId,
    customer: customerId,
    dueAt: new Date(Date.now() + 26 * 3600_000).toISOString(),
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { _id: string; number: number; [k: string]: unknown };
};

describe('tasks: assigning and seeing', () => {
  it('creates a numbered task, tells the assignee, and refuses an assignee who cannot read tasks', async () => {
    const assigned = capture('task.assigned');
    const task = await newTask();
    expect(task).toMatchObject({
      status: 'pending',
      assigneeName: 'مستخدم technician',
      customerName: 'نورة القحطاني',
    });
    expect(assigned.at(-1)).toMatchObject({
      taskId: task._id,
      recipients: [worker.user._id],
      actorId: adminId,
    });

    const nobody = await t.userWith('employee', ['customer:read']);
    const refused = await req('POST', '/api/task', { title: 'x', assignee: nobody.user._id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fieldErrors.assignee).toBe('الموظف المختار لا يملك صلاحية عرض المهام');
  });

  it('shows an employee only their own tasks; another’s task is a 404; mine=true narrows a manager', async () => {
    const mine = await newTask({ title: 'مهمة العامل' });
    const theirs = await newTask({ title: 'مهمة زميل', assignee: other.user._id });
    const list = (await req('GET', '/api/task?limit=100', undefined, worker.token)).json();
    expect(list.data.every((r: { assignee: string }) => r.assignee === worker.user._id)).toBe(true);
    expect(list.data.some((r: { _id: string }) => r._id === mine._id)).toBe(true);
    // Asking for someone else's tasks still gives only mine.
    const sneaky = (await req('GET', `/api/task?assignee=${other.user._id}`, undefined, worker.token)).json();
    expect(sneaky.data.some((r: { _id: string }) => r._id === theirs._id)).toBe(false);
    expect((await req('GET', `/api/task/${theirs._id}`, undefined, worker.token)).statusCode).toBe(404);
    expect((await req('GET', `/api/task/${theirs._id}`)).statusCode).toBe(200);
    const adminMine = (await req('GET', '/api/task?mine=true')).json();
    expect(adminMine.total).toBe(0);
    const csv = await req('GET', '/api/task/export?fileType=csv', undefined, worker.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('مهمة العامل');
    expect(csv.body).not.toContain('مهمة زميل');
  });

  it('filters by status, open, due date and search', async () => {
    const due = new Date('2031-05-10T09:00:00Z').toISOString();
    const task = await newTask({ title: 'تركيب عداد', dueAt: due });
    const byDue = (
      await req('GET', '/api/task?dueAtFrom=2031-05-10T00:00:00Z&dueAtTo=2031-05-11T00:00:00Z')
    ).json();
    expect(byDue.data.map((r: { _id: string }) => r._id)).toEqual([task._id]);
    expect((await req('GET', '/api/task?search=عداد')).json().total).toBe(1);
    expect(
      (await req('GET', `/api/task?search=${task.number}&status=pending&open=true`)).json().total,
    ).toBeGreaterThan(0);
    expect((await req('GET', '/api/task?status=done')).statusCode).toBe(400);
  });

  it('assigns in bulk all or nothing', async () => {
    const a = await newTask();
    const b = await newTask();
    const done = await newTask();
    await t.db.update(tasks).set({ status: 'approved' }).where(eq(tasks._id, done._id));
    const refused = await req('POST', '/api/task/assign', {
      ids: [a._id, done._id],
      assignee: other.user._id,
    });
    expect(refused.statusCode).toBe(409);
    expect((await req('GET', `/api/task/${a._id}`)).json().assignee).toBe(worker.user._id);
    const ok = await req('POST', '/api/task/assign', { ids: [a._id, b._id], assignee: other.user._id });
    expect(ok.json()).toEqual({ message: 'تم إسناد مهمتين', count: 2 });
    expect((await req('GET', `/api/task/${b._id}`)).json().assigneeName).toBe('مستخدم technician');
    expect((await req('GET', `/api/task/${b._id}`)).json().assignee).toBe(other.user._id);
    expect(
      (await req('POST', '/api/task/assign', { ids: [a._id], assignee: other.user._id }, worker.token))
        .statusCode,
    ).toBe(403);
  });
});

describe('tasks: filling, files and review', () => {
  it('runs the whole flow: start, draft, refused submit, upload, submit, return, resubmit, approve', async () => {
    const task = await newTask();
    const started = await req('POST', `/api/task/${task._id}/start`, undefined, worker.token);
    expect(started.json()).toMatchObject({ status: 'in_progress', can: { work: true, review: false } });
    expect((await req('POST', `/api/task/${task._id}/start`, undefined, other.token)).statusCode).toBe(404);

    const draft = await req(
      'PUT',
      `/api/task/${task._id}/answers`,
      { answers: { units: '٤' } },
      worker.token,
    );
    expect(draft.json()).toMatchObject({ status: 'in_progress', answers: { units: 4 } });

    const missing = await req(
      'POST',
      `/api/task/${task._id}/submit`,
      { answers: { units: 30 } },
      worker.token,
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().fieldErrors).toEqual({
      'answers.state': 'هذا الحقل مطلوب',
      'answers.units': 'لا يزيد الرقم عن 20',
      'answers.sign': 'هذا الحقل مطلوب',
    });
    const unchanged = (await req('GET', `/api/task/${task._id}`, undefined, worker.token)).json();
    expect(unchanged).toMatchObject({ status: 'in_progress', answers: { units: 4 } });

    // A file that is not what it claims is refused and leaves nothing behind.
    const fake = await upload(task._id, 'photo', Buffer.from('not an image at all'));
    expect(fake.statusCode).toBe(422);
    expect(fake.json().fieldErrors['answers.photo']).toContain('نوع الملف غير مقبول');
    const bigSignature = await upload(task._id, 'sign', Buffer.concat([PNG, Buffer.alloc(600 * 1024)]));
    expect(bigSignature.statusCode).toBe(422);
    expect((await upload(task._id, 'state', PNG)).statusCode).toBe(422);
    expect(await t.db.select().from(taskFiles).where(eq(taskFiles.task, task._id))).toHaveLength(0);

    const photo1 = (await upload(task._id, 'photo', PNG, 'قبل.png')).json();
    const photo2 = (await upload(task._id, 'photo', PNG, 'بعد.png')).json();
    const sign = await upload(task._id, 'sign', PNG, 'signature.png');
    expect(sign.statusCode).toBe(201);
    expect(sign.json()).toMatchObject({ field: 'sign', type: 'image/png', size: PNG.length });
    // A file uploaded for another field does not answer this one.
    const crossed = await req(
      'POST',
      `/api/task/${task._id}/submit`,
      { answers: { state: 'جيد', sign: photo1._id } },
      worker.token,
    );
    expect(crossed.json().fieldErrors['answers.sign']).toBe('المرفق غير موجود، ارفعه من جديد');

    const file = await t.get(`/api/task/${task._id}/files/${photo2._id}`, worker.token);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect((await t.get(`/api/task/${task._id}/files/${photo2._id}`, other.token)).statusCode).toBe(404);

    const asked = capture('task.submitted');
    const submitted = await req(
      'POST',
      `/api/task/${task._id}/submit`,
      { answers: { state: 'جيد', units: 2, photo: photo2._id, sign: sign.json()._id } },
      worker.token,
    );
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'submitted', can: { work: false } });
    expect(
      submitted
        .json()
        .attachments.map((a: { name: string }) => a.name)
        .sort(),
    ).toEqual(['signature.png', 'بعد.png']);
    expect(asked.at(-1)?.recipients).toContain(adminId);
    expect(asked.at(-1)?.recipients).not.toContain(worker.user._id);
    expect((await upload(task._id, 'photo', PNG)).statusCode).toBe(409);

    expect(
      (await req('POST', `/api/task/${task._id}/review`, { decision: 'approve' }, worker.token)).statusCode,
    ).toBe(403);
    const noNote = await req('POST', `/api/task/${task._id}/review`, { decision: 'return' });
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().fieldErrors.note).toBeTruthy();

    const reviewed = capture('task.reviewed');
    const returned = await req('POST', `/api/task/${task._id}/review`, {
      decision: 'return',
      note: 'الصورة غير واضحة',
    });
    expect(returned.json()).toMatchObject({
      status: 'returned',
      review: { note: 'الصورة غير واضحة', byName: 'مدير النظام' },
    });
    expect(reviewed.at(-1)).toMatchObject({ decision: 'return', recipients: [worker.user._id] });

    const again = await req(
      'POST',
      `/api/task/${task._id}/submit`,
      { answers: submitted.json().answers },
      worker.token,
    );
    expect(again.json().status).toBe('submitted');
    const approved = await req('POST', `/api/task/${task._id}/review`, { decision: 'approve' });
    expect(approved.json()).toMatchObject({ status: 'approved', can: { review: false, edit: false } });
    expect((await req('POST', `/api/task/${task._id}/review`, { decision: 'approve' })).statusCode).toBe(409);
    expect(
      (await req('PUT', `/api/task/${task._id}/answers`, { answers: {} }, worker.token)).statusCode,
    ).toBe(409);
    expect(
      (await req('PUT', `/api/task/${task._id}`, { title: 'x', assignee: worker.user._id })).statusCode,
    ).toBe(409);

    const log = await t.db
      .select({ summary: activity.summary })
      .from(activity)
      .where(eq(activity.entityId, task._id));
    expect(log.map((l) => l.summary)).toContain(`إرسال المهمة رقم ${task.number} للمراجعة`);
    expect(log.map((l) => l.summary)).toContain(`اعتماد المهمة رقم ${task.number}`);
  });

  it('never answers random input with a 500: bad answers get field messages, good ones are stored', async () => {
    const task = await newTask();
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxLength: 3 }),
      fc.constantFrom('جيد', 'سيئ', '7', '٢٠'),
      fc.object({ maxDepth: 1, maxKeys: 2 }),
    );
    const answers = fc.dictionary(fc.constantFrom('state', 'units', 'photo', 'sign', 'head', 'x'), value);
    await fc.assert(
      fc.asyncProperty(answers, fc.boolean(), async (input, submit) => {
        const res = submit
          ? await req('POST', `/api/task/${task._id}/submit`, { answers: input }, worker.token)
          : await req('PUT', `/api/task/${task._id}/answers`, { answers: input }, worker.token);
        expect([200, 422]).toContain(res.statusCode);
        const body = res.json();
        if (res.statusCode === 422) {
          expect(Object.keys(body.fieldErrors).every((k) => k.startsWith('answers.'))).toBe(true);
          expect(body.message).toMatch(/[\u0600-\u06FF]/);
        } else {
          expect(body.status).toBe(submit ? 'submitted' : 'in_progress');
          if (submit) {
            // Reopen the task for the next run.
            await t.db.update(tasks).set({ status: 'in_progress' }).where(eq(tasks._id, task._id));
          }
          if (input.units !== undefined && body.answers.units !== undefined) {
            expect(typeof body.answers.units).toBe('number');
          }
        }
      }),
      { numRuns: 60 },
    );
    const [row] = await t.db
      .select({ status: tasks.status })
      .from(tasks)
      .where(and(eq(tasks._id, task._id)));
    expect(row.status).toBe('in_progress');
  });
});

describe('tasks from orders and on the home screen', () => {
  it('creates a task per assignee for each service with a form, in the order’s transaction', async () => {
    const withForm = (
      await req('POST', '/api/service', { name: 'تنظيف خزان', price: '100', form: formId })
    ).json();
    const without = (await req('POST', '/api/service', { name: 'نقل أثاث', price: '300' })).json();
    const order = await req('POST', '/api/order', {
      customer: customerId,
      items: [
        { service: withForm._id, quantity: 1, unitPrice: '100' },
        { service: without._id, quantity: 1, unitPrice: '300' },
        { service: withForm._id, quantity: 2, unitPrice: '100' },
      ],
      assignees: [worker.user._id, other.user._id],
      scheduledAt: '2031-01-01T08:00:00Z',
      createTasks: true,
    });
    expect(order.statusCode).toBe(201);
    expect(order.json().tasksCreated).toBe(2);
    const made = (await req('GET', `/api/task?order=${order.json()._id}&sort=number`)).json();
    expect(made.data.map((r: { assignee: string }) => r.assignee).sort()).toEqual(
      [worker.user._id, other.user._id].sort(),
    );
    expect(made.data[0]).toMatchObject({
      title: `تنظيف خزان — الطلب رقم ${order.json().number}`,
      customer: customerId,
      form: formId,
      dueAt: '2031-01-01T08:00:00.000Z',
    });

    const accountant = await t.userWith('employee', ['order:read']);
    const refused = await req('POST', '/api/order', {
      customer: customerId,
      items: [{ service: withForm._id, quantity: 1, unitPrice: '100' }],
      assignees: [accountant.user._id],
      createTasks: true,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fieldErrors.assignees).toContain('لا يملك صلاحية عرض المهام');
    const orders = (await req('GET', `/api/order?assignee=${accountant.user._id}`)).json();
    expect(orders.total).toBe(0);

    const sales = await t.userWith('employee', ['order:create', 'customer:read']);
    const noTaskRight = await req(
      'POST',
      '/api/order',
      {
        customer: customerId,
        items: [{ service: withForm._id, quantity: 1, unitPrice: '100' }],
        createTasks: true,
      },
      sales.token,
    );
    expect(noTaskRight.statusCode).toBe(403);
  });

  it('starting an order creates the tasks its services’ forms ask for, once, for those who can see tasks', async () => {
    const service = (
      await req('POST', '/api/service', { name: 'فحص تسربات', price: '100', form: formId })
    ).json();
    const noTasks = await t.userWith('employee', ['order:read']);
    const order = (
      await req('POST', '/api/order', {
        customer: customerId,
        items: [{ service: service._id, quantity: 1, unitPrice: '100' }],
        assignees: [worker.user._id, noTasks.user._id],
      })
    ).json();
    expect(order.tasksCreated).toBe(0);
    const assigned = capture('task.assigned');
    const started = await req('POST', `/api/order/${order._id}/status`, { status: 'in_progress' });
    expect(started.statusCode, started.body).toBe(200);
    const made = (await req('GET', `/api/task?order=${order._id}`)).json();
    expect(made.data.map((r: { assignee: string; form: string }) => [r.assignee, r.form])).toEqual([
      [worker.user._id, formId],
    ]);
    await t.settled();
    expect(assigned.map((e) => e.recipients)).toEqual([[worker.user._id]]);
    const log = (await req('GET', `/api/activity?entity=task&limit=100`)).json();
    expect(log.data.some((a: { entityId: string }) => a.entityId === made.data[0]._id)).toBe(true);

    // Made already at creation: starting adds none.
    const early = (
      await req('POST', '/api/order', {
        customer: customerId,
        items: [{ service: service._id, quantity: 1, unitPrice: '100' }],
        assignees: [worker.user._id],
        createTasks: true,
      })
    ).json();
    expect(early.tasksCreated).toBe(1);
    await req('POST', `/api/order/${early._id}/status`, { status: 'in_progress' });
    expect((await req('GET', `/api/task?order=${early._id}`)).json().total).toBe(1);
  });

  it('whoever did a task does not review it while «فصل المهام» is on', async () => {
    const reviewer = await t.userWith('employee');
    const task = await newTask({ assignee: reviewer.user._id, form: null });
    await req('POST', `/api/task/${task._id}/start`, undefined, reviewer.token);
    const submitted = await req('POST', `/api/task/${task._id}/submit`, {}, reviewer.token);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const seen = (await req('GET', `/api/task/${task._id}`, undefined, reviewer.token)).json();
    expect(seen.can.review).toBe(false);
    const own = await req('POST', `/api/task/${task._id}/review`, { decision: 'approve' }, reviewer.token);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toContain('أرسلتها بنفسك');
    expect((await req('GET', `/api/task/${task._id}`)).json()).toMatchObject({
      status: 'submitted',
      can: { review: true },
    });
    expect((await req('POST', `/api/task/${task._id}/review`, { decision: 'approve' })).statusCode).toBe(200);
  });

  it('shows the signed-in user their open and overdue tasks, nearest first', async () => {
    const fresh = await t.userWith('employee');
    await newTask({
      title: 'متأخرة',
      assignee: fresh.user._id,
      dueAt: new Date(Date.now() - 3600_000).toISOString(),
    });
    await newTask({
      title: 'قريبة',
      assignee: fresh.user._id,
      dueAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    await newTask({ title: 'بلا موعد', assignee: fresh.user._id, dueAt: null });
    const home = (await req('GET', '/api/dashboard', undefined, fresh.token)).json();
    expect(home.myTasks).toMatchObject({ open: 3, overdue: 1 });
    expect(home.cards.myOpenTasks).toBe(3);
    expect(home.myTasks.items.map((i: { title: string }) => i.title)).toEqual([
      'متأخرة',
      'قريبة',
      'بلا موعد',
    ]);
  });
});
