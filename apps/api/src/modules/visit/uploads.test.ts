import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { visitFiles } from '../../db/schema';
import { useTestApp } from '../../test/fixture';
import { techniciansAndCustomer } from './technician-fixture';

/** Photos and the signature from the phone: tus 1.0 (creation, HEAD, PATCH), resumable, once. */
const t = useTestApp();
let fx: Awaited<ReturnType<typeof techniciansAndCustomer>>;
let form: string;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(3000)]);
const TUS = { 'tus-resumable': '1.0.0' };

beforeAll(async () => {
  fx = await techniciansAndCustomer(t);
  const made = await t.post('/api/form', {
    title: 'تسليم',
    fields: [
      { key: 'photo', type: 'file', label: 'صورة المكيف' },
      { key: 'sign', type: 'signature', label: 'توقيع العميل' },
      { key: 'state', type: 'text', label: 'الحالة' },
    ],
  });
  expect(made.statusCode, made.body).toBe(201);
  form = made.json()._id;
});

const metadata = (meta: Record<string, string>) =>
  Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
const create = (visitId: string, length: number, meta: Record<string, string>, token = fx.ali.token) =>
  t.inject({
    method: 'POST',
    url: `/api/visit/${visitId}/uploads`,
    token,
    headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': metadata(meta) },
  });
const patch = (location: string, offset: number, bytes: Buffer, token = fx.ali.token) =>
  t.inject({
    method: 'PATCH',
    url: location,
    token,
    headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: bytes,
  });
const head = (location: string, token = fx.ali.token) =>
  t.inject({ method: 'HEAD', url: location, token, headers: TUS });
const filesOfVisit = (visitId: string) =>
  t.app.db.select().from(visitFiles).where(eq(visitFiles.visit, visitId));

describe('uploads from the phone', () => {
  it('takes a photo in two PATCHes with a HEAD between; the file is the visit’s, read back whole', async () => {
    const visit = await fx.book([fx.ali.user._id], '2027-07-01T09:00:00+03:00', { form });
    const clientActionId = randomUUID();
    const meta = { field: 'photo', filename: 'مكيف.png', filetype: 'image/png', clientActionId };
    const made = await create(visit._id, PNG.length, meta);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.headers['tus-resumable']).toBe('1.0.0');
    const location = String(made.headers.location);
    expect(location).toMatch(new RegExp(`^/api/visit/${visit._id}/uploads/[0-9a-f-]{36}$`));

    const part = await patch(location, 0, PNG.subarray(0, 1000));
    expect(part.statusCode, part.body).toBe(204);
    expect(part.headers['upload-offset']).toBe('1000');
    // The connection dropped: the phone asks where to resume.
    const where = await head(location);
    expect(where.statusCode).toBe(200);
    expect(where.headers['upload-offset']).toBe('1000');
    expect(where.headers['upload-length']).toBe(String(PNG.length));
    expect(where.headers['cache-control']).toBe('no-store');
    // A chunk sent again from the start is refused with where the server is.
    const again = await patch(location, 0, PNG.subarray(0, 1000));
    expect(again.statusCode).toBe(409);
    expect(again.headers['upload-offset']).toBe('1000');
    expect(again.json().message).toMatch(/[\u0600-\u06FF]/);
    const rest = await patch(location, 1000, PNG.subarray(1000));
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(PNG.length));

    // A creation replayed (the phone never heard the answer) makes no second file.
    const replay = await create(visit._id, PNG.length, meta);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers.location).toBe(location);
    expect(await filesOfVisit(visit._id)).toHaveLength(1);

    const mine = (await t.get('/api/visit/mine?from=2027-07-01&days=1', fx.ali.token)).json();
    const [file] = mine.visits[0].files;
    expect(file).toMatchObject({ field: 'photo', name: 'مكيف.png', type: 'image/png', size: PNG.length });
    const read = await t.get(file.url, fx.ali.token);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(read.rawPayload, PNG)).toBe(0);
    const log = (await t.get(`/api/activity?entity=visit&entityId=${visit._id}&limit=0`)).json();
    expect(log.data.some((r: { summary: string }) => r.summary.includes('«مكيف.png» في «صورة المكيف»'))).toBe(
      true,
    );
  });

  it('makes one upload of three identical creations sent at once', async () => {
    const visit = await fx.book([fx.ali.user._id], '2027-07-02T09:00:00+03:00', { form });
    const meta = { field: 'sign', filename: 'sign.png', filetype: 'image/png', clientActionId: randomUUID() };
    const answers = await Promise.all([1, 2, 3].map(() => create(visit._id, PNG.length, meta)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.headers.location)).size).toBe(1);
    expect(await filesOfVisit(visit._id)).toHaveLength(1);
  });

  it('refuses a wrong type from its first bytes, a field that takes no file, a file too big, and a plain request', async () => {
    const visit = await fx.book([fx.ali.user._id], '2027-07-03T09:00:00+03:00', { form });
    const text = Buffer.from('هذا ليس صورة'.repeat(20));
    const made = await create(visit._id, text.length, {
      field: 'photo',
      filename: 'a.png',
      clientActionId: randomUUID(),
    });
    const location = String(made.headers.location);
    const wrong = await patch(location, 0, text);
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json().message).toBe('نوع الملف غير مقبول؛ المسموح JPEG أو PNG أو WebP أو PDF');
    expect((await head(location)).headers['upload-offset']).toBe('0');

    const notFile = await create(visit._id, 10, { field: 'state', clientActionId: randomUUID() });
    expect(notFile.statusCode).toBe(422);
    expect(notFile.json().message).toBe('هذا الحقل لا يقبل صوراً أو ملفات');
    const big = await create(visit._id, 600 * 1024, { field: 'sign', clientActionId: randomUUID() });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('حجم الملف أكبر من 512 كيلوبايت');
    const plain = await t.inject({
      method: 'POST',
      url: `/api/visit/${visit._id}/uploads`,
      token: fx.ali.token,
      headers: { 'upload-length': '10' },
    });
    expect(plain.statusCode).toBe(412);
    expect((await filesOfVisit(visit._id)).filter((f) => f.completedAt)).toHaveLength(0);
  });

  it('answers 404 for another technician’s visit and upload', async () => {
    const visit = await fx.book([fx.ali.user._id], '2027-07-04T09:00:00+03:00', { form });
    const theirs = await fx.book([fx.huda.user._id], '2027-07-04T13:00:00+03:00', { form });
    const meta = () => ({ field: 'photo', filename: 'x.png', clientActionId: randomUUID() });
    expect((await create(theirs._id, PNG.length, meta())).statusCode).toBe(404);
    const location = String((await create(visit._id, PNG.length, meta())).headers.location);
    expect((await head(location, fx.huda.token)).statusCode).toBe(404);
    expect((await patch(location, 0, PNG, fx.huda.token)).statusCode).toBe(404);
    expect((await head(location)).headers['upload-offset']).toBe('0');
    expect(await filesOfVisit(theirs._id)).toHaveLength(0);
  });
});
