import 'fake-indexeddb/auto';
import type { Visit } from '@idara/domain';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActionOutcome, FieldVisit } from '../field-api';
import { FieldDb, fieldDb, type OutboxAction } from './field-db';
import { dismissRefusal, queueAnswers, queueStatus, replayOutbox, storeWorkingSet } from './outbox';
import { flushUploads, queueUpload, waitingUploads } from './uploads';

// The real device store (Dexie) over an in-memory IndexedDB; the network is the `send` given.

let n = 0;
const dbs: FieldDb[] = [];
function freshDb() {
  const db = new FieldDb(`field-test-${++n}`);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

function visit(id: string, over: Partial<FieldVisit> = {}): FieldVisit {
  return {
    _id: id,
    number: 1,
    customer: { _id: 'c1', name: 'مؤسسة النخيل', phoneNumber: '+966500000001', whatsappNumber: '' },
    customerName: 'مؤسسة النخيل',
    assignees: ['u1'],
    equipment: [],
    city: null,
    cityName: null,
    address: '',
    customerContract: null,
    customerContractNumber: null,
    sequence: null,
    scheduledAt: '2026-11-29T06:00:00.000Z',
    durationMinutes: 60,
    form: null,
    formName: null,
    status: 'planned',
    notes: '',
    overrideReason: '',
    doneAt: null,
    doneBy: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    lastVisit: null,
    answers: {},
    files: [],
    actions: [],
    ...over,
  } as FieldVisit;
}

/** The visit as the server's status answer has it: customer, equipment and form by id. */
function serverRow(id: string, over: Partial<Visit>): Visit {
  const {
    customer: _c,
    equipment: _e,
    form: _f,
    lastVisit: _l,
    answers: _a,
    files: _fi,
    actions: _ac,
    ...row
  } = visit(id);
  return { ...row, customer: 'c1', equipment: [], form: null, ...over } as Visit;
}

/** A server that applies everything and records what it got, in order. */
function recordingServer(answer: (a: OutboxAction) => ActionOutcome = () => ({ kind: 'applied' })) {
  const got: OutboxAction[] = [];
  return {
    got,
    send: async (a: OutboxAction) => {
      got.push(a);
      return answer(a);
    },
  };
}

describe('the outbox', () => {
  it('shows each step on the device at once and sends the actions in the order they were taken', async () => {
    const db = freshDb();
    await storeWorkingSet(db, [visit('v1'), visit('v2')]);
    await queueStatus(db, 'v1', 'on_the_way', { lat: 24.7, lng: 46.7, accuracy: 12 });
    await queueStatus(db, 'v2', 'on_the_way');
    await queueStatus(db, 'v1', 'arrived');
    await queueAnswers(db, 'v1', { pressure: 40 });
    await queueStatus(db, 'v1', 'started');
    expect((await db.visits.get('v1'))?.status).toBe('started');
    expect((await db.visits.get('v1'))?.answers).toEqual({ pressure: 40 });

    const server = recordingServer();
    const result = await replayOutbox(db, server.send);
    expect(result).toEqual({ sent: 5, refused: 0 });
    expect(server.got.map((a) => [a.visitId, a.kind === 'status' ? a.body.status : 'answers'])).toEqual([
      ['v1', 'on_the_way'],
      ['v2', 'on_the_way'],
      ['v1', 'arrived'],
      ['v1', 'answers'],
      ['v1', 'started'],
    ]);
    const first = server.got[0];
    expect(first.kind === 'status' && first.body.location).toEqual({ lat: 24.7, lng: 46.7, accuracy: 12 });
    expect(new Set(server.got.map((a) => a.body.clientActionId)).size).toBe(5);
    expect(await db.outbox.count()).toBe(0);

    // Replayed again: nothing left to send.
    const again = recordingServer();
    expect(await replayOutbox(db, again.send)).toEqual({ sent: 0, refused: 0 });
    expect(again.got).toEqual([]);
  });

  it('stops at the first action that cannot go yet and resumes from it, in order, with the same ids', async () => {
    const db = freshDb();
    await storeWorkingSet(db, [visit('v1')]);
    await queueStatus(db, 'v1', 'on_the_way');
    await queueStatus(db, 'v1', 'arrived');
    await queueStatus(db, 'v1', 'started');

    let calls = 0;
    const flaky = recordingServer(() =>
      ++calls === 2 ? { kind: 'retry', message: 'تعذر الاتصال' } : { kind: 'applied' },
    );
    expect(await replayOutbox(db, flaky.send)).toEqual({ sent: 1, refused: 0, stoppedBy: 'تعذر الاتصال' });
    expect(await db.outbox.count()).toBe(2);
    // Still shown as the technician left it.
    expect((await db.visits.get('v1'))?.status).toBe('started');

    const back = recordingServer();
    expect(await replayOutbox(db, back.send)).toEqual({ sent: 2, refused: 0 });
    expect(back.got.map((a) => a.kind === 'status' && a.body.status)).toEqual(['arrived', 'started']);
    // The action that failed went again with its first id: the server applies it once.
    expect(back.got[0].body.clientActionId).toBe(flaky.got[1].body.clientActionId);
  });

  it("drops a refused action and shows the server's state and its reason; the rest still go", async () => {
    const db = freshDb();
    await storeWorkingSet(db, [visit('v1'), visit('v2')]);
    await queueStatus(db, 'v1', 'on_the_way');
    await queueStatus(db, 'v2', 'on_the_way');
    const reason = 'أُلغيت هذه الزيارة بعد تحميلها على الجهاز';
    const server = recordingServer((a) =>
      a.visitId === 'v1'
        ? { kind: 'refused', message: reason, visit: serverRow('v1', { status: 'cancelled' }) }
        : { kind: 'applied', visit: serverRow('v2', { status: 'on_the_way' }) },
    );
    expect(await replayOutbox(db, server.send)).toEqual({ sent: 1, refused: 1 });
    const refused = await db.visits.get('v1');
    expect(refused?.status).toBe('cancelled');
    expect(refused?.refusal?.message).toBe(reason);
    // The server's answer names the customer by id; the device keeps the customer it holds.
    expect(refused?.customer.name).toBe('مؤسسة النخيل');
    expect((await db.visits.get('v2'))?.status).toBe('on_the_way');
    expect(await db.outbox.count()).toBe(0);

    // The next working set no longer lists the cancelled visit: it stays until the refusal is read.
    await storeWorkingSet(db, [visit('v2', { status: 'on_the_way' })]);
    expect((await db.visits.get('v1'))?.refusal?.message).toBe(reason);
    await dismissRefusal(db, 'v1');
    expect(await db.visits.get('v1')).toBeUndefined();
  });

  it("lays the phone's unsent steps over the server's answer and over a fresh working set", async () => {
    const db = freshDb();
    await storeWorkingSet(db, [visit('v1')]);
    await queueStatus(db, 'v1', 'on_the_way');
    await queueStatus(db, 'v1', 'arrived');
    // The server applied the first; the second waits (network cut) and must still show.
    let calls = 0;
    await replayOutbox(db, async () =>
      ++calls === 1
        ? { kind: 'applied', visit: serverRow('v1', { status: 'on_the_way', notes: 'من المكتب' }) }
        : { kind: 'retry', message: 'offline' },
    );
    const shown = await db.visits.get('v1');
    expect(shown?.status).toBe('arrived');
    expect(shown?.notes).toBe('من المكتب');
    await storeWorkingSet(db, [visit('v1', { status: 'on_the_way' })]);
    expect((await db.visits.get('v1'))?.status).toBe('arrived');
  });
});

describe('the uploads', () => {
  it('sends photos oldest first, keeps them for the page once sent, and drops a refused one with its reason', async () => {
    const db = freshDb();
    await storeWorkingSet(db, [visit('v1'), visit('v2')]);
    const photo = await queueUpload(db, 'v1', 'photo', new Blob(['jpeg'], { type: 'image/jpeg' }), 'a.jpg');
    const sign = await queueUpload(db, 'v2', 'signature', new Blob(['png'], { type: 'image/png' }), 's.png');

    const offline = await flushUploads(db, async () => ({ kind: 'retry', message: 'offline' }));
    expect(offline).toEqual({ sent: 0, stoppedBy: 'offline' });
    expect((await waitingUploads(db)).length).toBe(2);

    const order: string[] = [];
    const result = await flushUploads(db, async (p) => {
      order.push(p.clientActionId);
      return p.visitId === 'v2'
        ? { kind: 'refused', message: 'أُسندت هذه الزيارة إلى فني آخر' }
        : { kind: 'done' };
    });
    expect(result).toEqual({ sent: 1 });
    expect(order).toEqual([photo.clientActionId, sign.clientActionId]);
    expect(await waitingUploads(db)).toEqual([]);
    expect((await db.uploads.get(photo.clientActionId))?.sentAt).toBeTruthy();
    expect(await db.uploads.get(sign.clientActionId)).toBeUndefined();
    expect((await db.visits.get('v2'))?.refusal?.message).toBe('أُسندت هذه الزيارة إلى فني آخر');

    // The sent photo goes with its visit once the working set no longer lists it.
    await storeWorkingSet(db, [visit('v2')]);
    expect(await db.uploads.get(photo.clientActionId)).toBeUndefined();
  });
});

describe('a phone shared by two technicians', () => {
  it('keeps each one’s store: what the first did offline waits for them, whoever signs in meanwhile', async () => {
    const first = fieldDb('tech-a');
    const second = fieldDb('tech-b');
    dbs.push(first, second);
    expect(fieldDb('tech-a')).toBe(first);
    await storeWorkingSet(first, [visit('v1')]);
    await queueStatus(first, 'v1', 'on_the_way');
    await queueUpload(first, 'v1', 'photo', new Blob(['jpeg'], { type: 'image/jpeg' }), 'a.jpg');

    // The second signs in on the same device and works their own day.
    await storeWorkingSet(second, [visit('v2')]);
    await queueStatus(second, 'v2', 'arrived');
    const sentAsSecond: string[] = [];
    await replayOutbox(second, async (action) => {
      sentAsSecond.push(action.visitId);
      return {
        kind: 'applied',
        visit: serverRow(action.visitId, { status: 'arrived' }),
      } satisfies ActionOutcome;
    });
    expect(sentAsSecond).toEqual(['v2']);

    // The first's step and photo are still on the device, unsent, with their visit.
    expect((await first.outbox.toArray()).map((a) => [a.visitId, a.kind])).toEqual([['v1', 'status']]);
    expect((await waitingUploads(first)).map((u) => u.visitId)).toEqual(['v1']);
    expect((await first.visits.get('v1'))?.status).toBe('on_the_way');
    expect(await second.visits.get('v1')).toBeUndefined();
  });
});

describe('a fresh working set', () => {
  it('writes only the visits that changed: a round that brings nothing new redraws nothing', async () => {
    const db = freshDb();
    await storeWorkingSet(db, [visit('v1'), visit('v2'), visit('v3')]);
    const writes: string[] = [];
    db.visits.hook('creating', (key) => {
      writes.push(`new ${String(key)}`);
    });
    db.visits.hook('updating', (_changes, key) => {
      writes.push(`changed ${String(key)}`);
    });
    db.visits.hook('deleting', (key) => {
      writes.push(`gone ${String(key)}`);
    });

    await storeWorkingSet(db, [visit('v1'), visit('v2'), visit('v3')]);
    expect(writes).toEqual([]);

    await storeWorkingSet(db, [visit('v1'), visit('v2', { notes: 'البوابة الخلفية' }), visit('v4')]);
    expect(writes.sort()).toEqual(['changed v2', 'gone v3', 'new v4']);
    expect((await db.visits.get('v2'))?.notes).toBe('البوابة الخلفية');
    expect(await db.visits.get('v3')).toBeUndefined();
  });
});
