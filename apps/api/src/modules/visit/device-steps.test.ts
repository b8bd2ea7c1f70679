import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { visitActions } from '../../db/schema';
import { useTestApp } from '../../test/fixture';
import { techniciansAndCustomer } from './technician-fixture';

/**
 * The phone's steps (`POST /api/visit/:id/status` with clientActionId): each applied once, in the
 * order sent, a replay — even several at once — answered with the first answer; stale ones refused.
 */
const t = useTestApp();
let fx: Awaited<ReturnType<typeof techniciansAndCustomer>>;
const steps: { visitId: string; step: string }[] = [];

beforeAll(async () => {
  fx = await techniciansAndCustomer(t);
  t.app.events.on('visit.step', (e) => void steps.push({ visitId: e.visitId, step: e.step }));
});

const phoneStep = (visitId: string, body: object, token = fx.ali.token) =>
  t.post(`/api/visit/${visitId}/status`, { at: new Date().toISOString(), ...body }, token);
const actionsOf = (visitId: string) =>
  t.app.db.select().from(visitActions).where(eq(visitActions.visit, visitId));

describe('the phone’s visit steps', () => {
  it('applies a step once with the device’s time and place; its replay answers the first answer', async () => {
    const visit = await fx.book([fx.ali.user._id], '2027-05-02T09:00:00+03:00');
    const clientActionId = randomUUID();
    const body = {
      status: 'on_the_way',
      clientActionId,
      at: '2026-01-01T06:30:00.000Z',
      location: { lat: 24.7136, lng: 46.6753, accuracy: 12 },
    };
    const first = await phoneStep(visit._id, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().visit.status).toBe('on_the_way');
    expect(first.json().action).toMatchObject({
      clientActionId,
      kind: 'status',
      status: 'on_the_way',
      at: '2026-01-01T06:30:00.000Z',
      location: { lat: 24.7136, lng: 46.6753, accuracy: 12 },
    });
    expect(Date.parse(first.json().action.receivedAt)).toBeGreaterThan(Date.parse(body.at));

    // Meanwhile the visit moves on; the replay still answers what the first request was answered.
    expect((await phoneStep(visit._id, { status: 'arrived', clientActionId: randomUUID() })).statusCode).toBe(
      200,
    );
    const replay = await phoneStep(visit._id, body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect((await actionsOf(visit._id)).map((a) => a.status).sort()).toEqual(['arrived', 'on_the_way']);
    await t.settled();
    expect(steps.filter((s) => s.visitId === visit._id).map((s) => s.step)).toEqual([
      'on_the_way',
      'arrived',
    ]);
  });

  it('applies one of several identical requests sent at once; all get the same answer', async () => {
    const visit = await fx.book([fx.ali.user._id], '2027-05-03T09:00:00+03:00');
    const body = { status: 'started', clientActionId: randomUUID(), at: '2027-05-03T06:05:00.000Z' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => phoneStep(visit._id, body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (const a of answers) expect(a.json()).toEqual(answers[0].json());
    expect(await actionsOf(visit._id)).toHaveLength(1);
    const log = (await t.get(`/api/activity?entity=visit&entityId=${visit._id}&limit=0`)).json();
    expect(log.data.filter((r: { summary: string }) => r.summary.includes('بدأ العمل'))).toHaveLength(1);
    expect((await t.get(`/api/visit/${visit._id}`)).json().version).toBe(2);
  });

  it('refuses a step on a visit cancelled meanwhile: 409 in Arabic with the visit as it is, kept for replays', async () => {
    const visit = await fx.book([fx.ali.user._id], '2027-05-04T09:00:00+03:00');
    expect((await t.post(`/api/visit/${visit._id}/status`, { status: 'cancelled' })).statusCode).toBe(200);
    const body = { status: 'on_the_way', clientActionId: randomUUID() };
    const refused = await phoneStep(visit._id, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('أُلغيت هذه الزيارة بعد تحميلها على الجهاز');
    expect(refused.json().visit).toMatchObject({ _id: visit._id, status: 'cancelled' });
    const again = await phoneStep(visit._id, body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refused.json());
  });

  it('refuses a visit given to another technician meanwhile (409); one never theirs is 404', async () => {
    const visit = await fx.book([fx.ali.user._id], '2027-05-05T09:00:00+03:00');
    const moved = await t.put(`/api/visit/${visit._id}`, { assignees: [fx.huda.user._id] });
    expect(moved.statusCode, moved.body).toBe(200);
    const refused = await phoneStep(visit._id, { status: 'on_the_way', clientActionId: randomUUID() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('أُسندت هذه الزيارة إلى فني آخر بعد تحميلها على الجهاز');
    expect(refused.json().visit.assignees).toEqual([fx.huda.user._id]);

    const other = await fx.book([fx.huda.user._id], '2027-05-05T13:00:00+03:00');
    const never = await phoneStep(other._id, { status: 'on_the_way', clientActionId: randomUUID() });
    expect(never.statusCode).toBe(404);
    expect(await actionsOf(other._id)).toHaveLength(0);
    expect((await t.get(`/api/visit/${other._id}`)).json().status).toBe('planned');
  });

  it('refuses a step the status does not allow, an id used for another visit, and a missing device time', async () => {
    const visit = await fx.book([fx.ali.user._id], '2027-05-06T09:00:00+03:00');
    const done = await phoneStep(visit._id, { status: 'done', clientActionId: randomUUID() });
    expect(done.statusCode).toBe(200);
    expect(done.json().visit.doneBy).toBe(fx.ali.user._id);
    const back = await phoneStep(visit._id, { status: 'arrived', clientActionId: randomUUID() });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('لا تنتقل الزيارة من «منجزة» إلى «وصل الفني»');

    const clientActionId = randomUUID();
    const other = await fx.book([fx.ali.user._id], '2027-05-06T13:00:00+03:00');
    expect((await phoneStep(other._id, { status: 'on_the_way', clientActionId })).statusCode).toBe(200);
    const reused = await phoneStep(visit._id, { status: 'on_the_way', clientActionId });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toContain('معرّف الإجراء');

    const noTime = await t.post(
      `/api/visit/${other._id}/status`,
      { status: 'arrived', clientActionId: randomUUID() },
      fx.ali.token,
    );
    expect(noTime.statusCode).toBe(422);
    expect(noTime.json().fieldErrors.at).toBe('أرسل وقت الإجراء على الجهاز');
  });

  it('keeps the office’s step as it was: applied at once, no action, the visit with its ETag', async () => {
    const visit = await fx.book([fx.ali.user._id], '2027-05-07T09:00:00+03:00');
    const res = await t.post(`/api/visit/${visit._id}/status`, { status: 'missed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ visit: { status: 'missed', version: 2 }, action: null });
    expect(res.headers.etag).toBe('"2"');
    const stale = await t.inject({
      method: 'POST',
      url: `/api/visit/${visit._id}/status`,
      token: t.admin,
      headers: { 'if-match': '"1"' },
      payload: { status: 'planned' },
    });
    expect(stale.statusCode).toBe(412);
  });
});
