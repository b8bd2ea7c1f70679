import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWebApp, registerWebApp } from './static';

/** A built app in miniature: index.html, one hashed script with its .gz and .br, version.json. */
function fakeDist(): { dir: string; script: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html dir="rtl"><body>إدارة</body></html>');
  fs.writeFileSync(path.join(dir, 'version.json'), '{"version":"x"}');
  const script = `console.log(${JSON.stringify('مرحبا '.repeat(500))});`;
  const file = path.join(dir, 'assets', 'index-abc123.js');
  fs.writeFileSync(file, script);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
  return { dir, script };
}

/** A server of the built app in `dir`, as the API serves it. */
async function serveWebApp(dir: string): Promise<FastifyInstance> {
  const app = Fastify();
  await registerWebApp(app, readWebApp(dir, app.log));
  await app.ready();
  return app;
}

async function closeWebApp(app: FastifyInstance, dir: string) {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

describe('the web app is served pre-compressed', () => {
  let app: FastifyInstance;
  let dist: ReturnType<typeof fakeDist>;
  beforeAll(async () => {
    dist = fakeDist();
    app = await serveWebApp(dist.dir);
  });
  afterAll(async () => {
    await closeWebApp(app, dist.dir);
  });

  it('sends brotli to a browser that accepts it, cached for a year', async () => {
    const res = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(dist.script);
  });

  it('sends gzip when only gzip is accepted, and the plain file otherwise', async () => {
    const gz = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(dist.script);

    const plain = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(dist.script);
  });

  it('still answers unknown pages with index.html and unknown API paths with an Arabic 404', async () => {
    const page = await app.inject({ url: '/dashboard/customer' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('إدارة');
    // The same page whoever asks (no per-visitor variant): compressed as accepted, never cached.
    const br = await app.inject({
      url: '/dashboard/customer',
      headers: { 'accept-encoding': 'gzip, br', cookie: 'accessToken=x' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(page.body);
    const api = await app.inject({ url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe('المسار غير موجود');
  });
});

describe('the first screens name their files in the HTML (dist/preloads.json)', () => {
  let app: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    dir = fakeDist().dir;
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html dir="rtl"><head><title>إدارة</title></head><body></body></html>',
    );
    fs.writeFileSync(
      path.join(dir, 'preloads.json'),
      JSON.stringify({
        signIn: '/auth/signin',
        pages: {
          '/auth/signin': { scripts: ['assets/SigninPage-a.js'], styles: [], session: false },
          '/': {
            scripts: ['assets/HomePage-b.js', 'assets/home-c.js'],
            styles: ['assets/home-d.css'],
            session: true,
          },
        },
      }),
    );
    app = await serveWebApp(dir);
  });
  afterAll(async () => {
    await closeWebApp(app, dir);
  });

  const links = (html: string) =>
    [...html.matchAll(/<link rel="(\w+)"[^>]*href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);

  it("sign-in: its page's scripts, as Vite's loader asks for them", async () => {
    const res = await app.inject({ url: '/auth/signin?redirect=%2Fsettings' });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/SigninPage-a.js">');
    expect(links(res.body)).toEqual(['modulepreload /assets/SigninPage-a.js']);
  });

  it("home: its files with the session cookie, the sign-in page's without it (where the app sends the visitor)", async () => {
    const signedIn = await app.inject({ url: '/', headers: { cookie: 'theme=dark; accessToken=abc' } });
    expect(links(signedIn.body)).toEqual([
      'modulepreload /assets/HomePage-b.js',
      'modulepreload /assets/home-c.js',
      'preload /assets/home-d.css',
    ]);
    expect(signedIn.headers.vary).toBe('accept-encoding, cookie');
    for (const cookie of [undefined, 'accessToken=', 'theme=dark']) {
      const signedOut = await app.inject({ url: '/', headers: cookie ? { cookie } : {} });
      expect(links(signedOut.body)).toEqual(['modulepreload /assets/SigninPage-a.js']);
    }
  });

  it('any other page: index.html as built, compressed the same way', async () => {
    const res = await app.inject({
      url: '/dashboard/customer',
      headers: { 'accept-encoding': 'br', cookie: 'accessToken=abc' },
    });
    const html = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(links(html)).toEqual([]);
    expect(html).toBe(fs.readFileSync(path.join(dir, 'index.html'), 'utf8'));
    expect(res.headers.vary).toBe('accept-encoding');
  });
});

describe('the head scripts come inside the page (no request of their own), allowed by hash', () => {
  let app: FastifyInstance;
  let dir: string;
  const colourScheme = "document.documentElement.setAttribute('data-mantine-color-scheme', 'dark');\n";
  const runtimeConfig = "window.__IDARA_CONFIG__ = { apiBase: '' };\n";
  beforeAll(async () => {
    dir = fakeDist().dir;
    fs.writeFileSync(path.join(dir, 'color-scheme.js'), colourScheme);
    fs.writeFileSync(path.join(dir, 'runtime-config.js'), runtimeConfig);
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><script src="/color-scheme.js"></script>' +
        '<script src="/runtime-config.js" defer></script></head><body></body></html>',
    );
    app = await serveWebApp(dir);
  });
  afterAll(async () => {
    await closeWebApp(app, dir);
  });

  it('sends both scripts inline, each hash in the list the CSP allows; the files stay served', async () => {
    const page = await app.inject({ url: '/auth/signin' });
    expect(page.body).not.toMatch(/<script src=/);
    const inline = [...page.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toHaveLength(2);
    expect(inline[0]).toBe(colourScheme);
    expect(inline[1]).toBe(runtimeConfig);
    expect((await app.inject({ url: '/runtime-config.js' })).body).toBe(runtimeConfig);
    const hashes = readWebApp(dir, app.log)?.scriptHashes;
    expect(hashes).toEqual(
      inline.map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`),
    );
  });
});
