import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { visitAnswers } from '../../db/schema';
import { useTestApp } from '../../test/fixture';
import { techniciansAndCustomer } from './technician-fixture';

/** `POST /api/visit/:id/answers`: the checklist's answers from the phone, checked, appended once. */
const t = useTestApp();
let fx: Awaited<ReturnType<typeof techniciansAndCustomer>>;
let form: string;

const fields = [
  { key: 'head', type: 'section', label: 'المعاينة' },
  { key: 'state', type: 'select', label: 'الحالة', required: true, options: ['جيد', 'سيئ'] },
  { key: 'units', type: 'number', label: 'عدد الوحدات', min: 1, max: 20 },
  { key: 'photo', type: 'file', label: 'صورة' },
];

beforeAll(async () => {
  fx = await techniciansAndCustomer(t);
  const made = await t.post('/api/form', { title: 'معاينة', fields });
  expect(made.statusCode, made.body).toBe(201);
  form = made.json()._id;
});

const send = (visitId: string, answers: object, clientActionId = randomUUID(), token = fx.ali.token) =>
  t.post(`/api/visit/${visitId}/answers`, { clientActionId, at: new Date().toISOString(), answers }, token);
const rowsOf = (visitId: string) =>
  t.app.db.select().from(visitAnswers).where(eq(visitAnswers.visit, visitId));

describe('a visit’s answers from the phone', () => {
  it('appends each answer once; a field answers its latest; a replay answers the first answer', async () => {
    const visit = await fx.book([fx.ali.user._id], '2027-06-01T09:00:00+03:00', { form });
    const id = randomUUID();
    const first = await send(visit._id, { state: 'جيد' }, id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      answers: { state: 'جيد' },
      action: { clientActionId: id, kind: 'answers' },
    });
    // Arabic-Indic digits are read; a later answer to a field wins, the earlier stays stored.
    const more = await send(visit._id, { units: '٥', state: 'سيئ' });
    expect(more.json().answers).toEqual({ state: 'سيئ', units: 5 });
    const replay = await send(visit._id, { state: 'جيد' }, id);
    expect(replay.json()).toEqual(first.json());
    expect(await rowsOf(visit._id)).toHaveLength(3);

    const twice = randomUUID();
    const racing = await Promise.all([1, 2, 3].map(() => send(visit._id, { units: 7 }, twice)));
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    for (const r of racing) expect(r.json()).toEqual(racing[0].json());
    expect(await rowsOf(visit._id)).toHaveLength(4);

    const mine = (await t.get('/api/visit/mine?from=2027-06-01&days=1', fx.ali.token)).json();
    expect(mine.visits[0].answers).toEqual({ state: 'سيئ', units: 7 });
  });

  it('refuses answers the checklist does not take, in Arabic, storing nothing', async () => {
    const visit = await fx.book([fx.ali.user._id], '2027-06-02T09:00:00+03:00', { form });
    const bad = await send(visit._id, { state: 'ممتاز', units: 50, photo: 'x', ghost: 1 });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().fieldErrors;
    expect(Object.keys(errors).sort()).toEqual(['ghost', 'photo', 'state', 'units']);
    expect(errors.photo).toBe('يُرفع هذا الحقل ملفاً، لا إجابةً');
    expect(errors.ghost).toBe('هذا الحقل ليس في نموذج الزيارة');
    expect((await send(visit._id, {})).json().message).toBe('أرسل إجابة واحدة على الأقل');
    expect(await rowsOf(visit._id)).toHaveLength(0);

    const noForm = await fx.book([fx.ali.user._id], '2027-06-02T13:00:00+03:00');
    const none = await send(noForm._id, { state: 'جيد' });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('لا نموذج لهذه الزيارة تُسجَّل فيه إجابات');
  });

  it('refuses a cancelled visit (409, kept for replays) and another technician’s (404)', async () => {
    const visit = await fx.book([fx.ali.user._id], '2027-06-03T09:00:00+03:00', { form });
    await t.post(`/api/visit/${visit._id}/status`, { status: 'cancelled' });
    const refused = await send(visit._id, { state: 'جيد' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('أُلغيت هذه الزيارة بعد تحميلها على الجهاز');
    const theirs = await fx.book([fx.huda.user._id], '2027-06-03T13:00:00+03:00', { form });
    expect((await send(theirs._id, { state: 'جيد' })).statusCode).toBe(404);
    expect(await rowsOf(visit._id)).toHaveLength(0);
    expect(await rowsOf(theirs._id)).toHaveLength(0);
  });
});
