import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { COMPRESS_THRESHOLD } from './compression';

/** A built web app in miniature: index.html, a hashed script with its .br and .gz, and a font. */
function fakeDist() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-compress-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html dir="rtl"><body>${'إدارة '.repeat(400)}</body></html>`,
  );
  const script = `console.log(${JSON.stringify('مرحبا '.repeat(500))});`;
  const file = path.join(dir, 'assets', 'index-abc123.js');
  fs.writeFileSync(file, script);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
  // Not a real font: bytes that would shrink, so a compressed answer would show.
  const font = Buffer.alloc(20_000, 7);
  fs.writeFileSync(path.join(dir, 'assets', 'face-abc123.woff2'), font);
  return { dir, script, font };
}

let t: TestApp;
let admin: string;
let dist: ReturnType<typeof fakeDist>;

beforeAll(async () => {
  dist = fakeDist();
  t = await createTestApp({ webDist: dist.dir });
  admin = await t.adminToken();
  // A full page of customers: the list answer a phone asks for most.
  for (let i = 0; i < 20; i++) {
    const res = await t.inject({
      method: 'POST',
      url: '/api/customer',
      token: admin,
      payload: { name: `شركة الأمل للتجارة رقم ${i + 1}`, phoneNumber: `05${60_000_000 + i}` },
    });
    expect(res.statusCode).toBe(201);
  }
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dist.dir, { recursive: true, force: true });
});

/** A GET that accepts the given encodings (the API's with a token, the web app's without). */
const getAccepting = (url: string, acceptEncoding: string, token?: string) =>
  t.inject({ method: 'GET', url, token, headers: { 'accept-encoding': acceptEncoding } });
const list = (headers: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url: '/api/customer?limit=20', token: admin, headers });

describe('API answers are compressed', () => {
  it('sends a page of customers in brotli to a client that accepts it, the same JSON once decoded', async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(plain.json().data).toHaveLength(20);

    const br = await list({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends gzip to a client without brotli', async () => {
    const plain = await list();
    const gz = await list({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves small answers and clients that accept no encoding alone', async () => {
    const small = await getAccepting('/api/customer?limit=1&fields=name', 'br, gzip', admin);
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data).toHaveLength(1);

    const identity = await list({ 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json().data).toHaveLength(20);

    // An error answer is JSON like any other: an Arabic message, readable as sent.
    const missing = await getAccepting('/api/customer/00000000-0000-7000-8000-000000000000', 'br', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('downloads', () => {
  it('streams a CSV export compressed, the same file once decoded', async () => {
    const url = '/api/customer/export?fileType=csv&sort=name';
    const plain = await t.inject({ method: 'GET', url, token: admin });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await getAccepting(url, 'br', admin);
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-disposition']).toBe(plain.headers['content-disposition']);
    const csv = zlib.brotliDecompressSync(br.rawPayload);
    // Same bytes (the BOM included), one header line and a line per customer.
    expect(csv.equals(plain.rawPayload)).toBe(true);
    expect(csv.toString('utf8').trim().split('\n')).toHaveLength(21);
  });

  it('sends XLSX and PDF files as they are (already packed)', async () => {
    const xlsx = await getAccepting('/api/customer/export?fileType=xlsx', 'br, gzip', admin);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-encoding']).toBeUndefined();
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const pdf = await getAccepting('/api/customer/export?fileType=pdf&sort=name', 'br, gzip', admin);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('the web app', () => {
  it('sends a pre-compressed script once compressed, not twice', async () => {
    const res = await getAccepting('/assets/index-abc123.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(dist.script);
  });

  it('sends index.html compressed once and fonts untouched', async () => {
    const page = await getAccepting('/dashboard/customer', 'gzip');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(page.rawPayload).toString()).toContain('<html dir="rtl">');

    const font = await getAccepting('/assets/face-abc123.woff2', 'br, gzip');
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.rawPayload.equals(dist.font)).toBe(true);
  });
});
