import { rolePresets } from '@idara/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/fixture';
import { techniciansAndCustomer } from './technician-fixture';

/** A technician (`visit:work`) sees and works only the visits whose team has them; others' are 404. */
const t = useTestApp();
let mine: { _id: string; number: number };
let theirs: { _id: string; number: number };
let ali: { token: string; user: { _id: string } };
let huda: { token: string; user: { _id: string } };

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = t.admin, payload?: object) =>
  t.inject({ method, url, token, payload });

beforeAll(async () => {
  const made = await techniciansAndCustomer(t);
  ({ ali, huda } = made);
  mine = await made.book([ali.user._id], '2027-03-14T09:00:00+03:00');
  theirs = await made.book([huda.user._id], '2027-03-14T11:00:00+03:00');
});

describe('a technician’s visits', () => {
  it('the technician preset works its own visits and reads the tasks given to it', () => {
    expect(rolePresets.technician.permissions).toEqual(['task:read', 'visit:work']);
  });

  it('lists and exports only their own, whatever the filter asks', async () => {
    const ids = async (query: string) =>
      (await req('GET', `/api/visit?limit=0${query}`, ali.token))
        .json()
        .data.map((v: { _id: string }) => v._id);
    expect(await ids('')).toEqual([mine._id]);
    expect(await ids(`&assignee=${huda.user._id}`)).toEqual([mine._id]);
    const csv = await req('GET', '/api/visit/export?fileType=csv', ali.token);
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.trim().split('\n').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0].startsWith(`${mine.number},`)).toBe(true);
    // The office (visit:read) still sees both.
    expect(
      (await req('GET', '/api/visit?limit=0'))
        .json()
        .data.map((v: { _id: string }) => v._id)
        .sort(),
    ).toEqual([mine._id, theirs._id].sort());
  });

  it('opens and steps their own; another technician’s answers 404 on every route', async () => {
    expect((await req('GET', `/api/visit/${mine._id}`, ali.token)).statusCode).toBe(200);
    const other = await req('GET', `/api/visit/${theirs._id}`, ali.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('الزيارة غير موجودة');
    const step = await req('POST', `/api/visit/${theirs._id}/status`, ali.token, { status: 'on_the_way' });
    expect(step.statusCode).toBe(404);
    expect((await req('GET', `/api/visit/${theirs._id}`)).json().status).toBe('planned');
    const own = await req('POST', `/api/visit/${mine._id}/status`, ali.token, { status: 'on_the_way' });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('prints the report of their own visit, to show the customer; another’s is 404', async () => {
    const own = await req('GET', `/api/visit/${mine._id}/report.pdf`, ali.token);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const other = await req('GET', `/api/visit/${theirs._id}/report.pdf`, ali.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('الزيارة غير موجودة');
    // The office prints either.
    expect((await req('GET', `/api/visit/${theirs._id}/report.pdf`)).statusCode).toBe(200);
  });

  it('cannot reassign, reschedule, book or delete a visit, nor read the log or the customers', async () => {
    const moved = await req('PUT', `/api/visit/${mine._id}`, ali.token, {
      assignees: [huda.user._id],
      scheduledAt: '2027-03-15T09:00:00+03:00',
    });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().message).toMatch(/[\u0600-\u06FF]/);
    expect((await req('PUT', `/api/visit/${theirs._id}`, ali.token, { notes: 'x' })).statusCode).toBe(403);
    expect((await req('DELETE', `/api/visit/${mine._id}`, ali.token)).statusCode).toBe(403);
    expect(
      (
        await req('POST', '/api/visit', ali.token, {
          customer: mine._id,
          scheduledAt: '2027-03-15T09:00:00+03:00',
        })
      ).statusCode,
    ).toBe(403);
    expect((await req('GET', `/api/activity?entity=visit&entityId=${mine._id}`, ali.token)).statusCode).toBe(
      403,
    );
    expect((await req('GET', '/api/customer', ali.token)).statusCode).toBe(403);
    const after = (await req('GET', `/api/visit/${mine._id}`)).json();
    expect(after.assignees).toEqual([ali.user._id]);
    expect(after.scheduledAt).toBe('2027-03-14T06:00:00.000Z');
  });
});
