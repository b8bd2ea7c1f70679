import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { formatGregorianDate, PRERENDER_FILLS } from '@idara/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

const INDEX =
  '<!doctype html><html dir="rtl"><head>' +
  '<script type="module" crossorigin src="/assets/index-a1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-b2.js"></head>' +
  '<body><div id="root"><div class="boot">…</div></div></body></html>';
const LIST = '<main>قائمة العملاء</main>';
const HOME = `<h2>مرحباً، ${PRERENDER_FILLS.userName}</h2><p>${PRERENDER_FILLS.today}</p>`;
const SIGNIN = '<main>تسجيل الدخول</main>';

/** A build with prerendered pages: the customer list (as an admin sees it) and sign-in. */
function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-prerender-dist-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  fs.writeFileSync(
    path.join(dir, 'prerender.json'),
    JSON.stringify({
      version: 1,
      pages: {
        '/dashboard/customer': {
          guest: false,
          checks: [
            ['customer:create', true],
            ['customer:delete customer:update', true],
            ['settings:update', false],
          ],
          // Only the first is the app's: the rest must never reach the page.
          scripts: ['/assets/CustomerListPage-c3.js', 'https://cdn.example/x.js', '/assets/../x.js', '/x.js'],
          html: LIST,
        },
        '/': {
          guest: false,
          checks: [
            ['customer:read', true],
            ['settings:update', false],
          ],
          html: HOME,
        },
        '/auth/signin': { guest: true, checks: [], html: SIGNIN },
      },
    }),
  );
  return dir;
}

describe('prerendered pages in index.html', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const page = (url: string, token?: string, encoding = 'identity') =>
    t.app.inject({
      url,
      headers: {
        'accept-encoding': encoding,
        ...(token ? { cookie: `theme=dark; accessToken=${token}` } : {}),
      },
    });
  /** A user every check of the list's capture answers the same for. */
  const listUser = () =>
    t.userWith('employee', ['customer:read', 'customer:create', 'customer:delete', 'customer:update']);
  const prerendered = (body: string, html: string) =>
    body.includes(`<div id="prerender" inert aria-hidden="true">${html}</div><div id="root">`);

  it('puts the page in front of the app for a user every check answers the same for', async () => {
    const { token } = await listUser();
    const res = await page('/dashboard/customer', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers.vary).toMatch(/cookie/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(prerendered(res.body, LIST)).toBe(true);
    // The loading screen stays inside #root, for the app to replace.
    expect(res.body).toContain('<div class="boot">');
  });

  it('sends the plain page when a check answers otherwise, without a session, or with a query', async () => {
    // The admin holds settings:update, which the capture did not.
    const admin = await t.adminToken();
    expect(prerendered((await page('/dashboard/customer', admin)).body, LIST)).toBe(false);
    // No customer:create: the page would show an "add" button this user does not have.
    const { token } = await t.userWith('employee', ['customer:read', 'customer:delete', 'customer:update']);
    expect(prerendered((await page('/dashboard/customer', token)).body, LIST)).toBe(false);
    expect(prerendered((await page('/dashboard/customer')).body, LIST)).toBe(false);
    expect((await page('/dashboard/customer', 'not-a-token')).body).toBe(INDEX);
    const full = await listUser();
    expect(prerendered((await page('/dashboard/customer?search=x', full.token)).body, LIST)).toBe(false);
    expect((await page('/dashboard/order', full.token)).body).toBe(INDEX);
  });

  it('prerenders sign-in only for visitors without a session', async () => {
    expect(prerendered((await page('/auth/signin')).body, SIGNIN)).toBe(true);
    expect(prerendered((await page('/auth/signin', 'expired-or-forged')).body, SIGNIN)).toBe(true);
    expect(prerendered((await page('/auth/signin', await t.adminToken())).body, SIGNIN)).toBe(false);
  });

  it('sends no prerendered page in maintenance mode', async () => {
    const admin = await t.adminToken();
    const { token } = await listUser();
    const set = (maintenanceMode: boolean) =>
      t.inject({ method: 'PUT', url: '/api/settings', token: admin, payload: { maintenanceMode } });
    expect((await set(true)).statusCode).toBe(200);
    try {
      expect(prerendered((await page('/dashboard/customer', token)).body, LIST)).toBe(false);
    } finally {
      expect((await set(false)).statusCode).toBe(200);
    }
  });

  it('compresses index.html as the browser accepts', async () => {
    const { token } = await listUser();
    const br = await page('/dashboard/customer', token, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(prerendered(zlib.brotliDecompressSync(br.rawPayload).toString(), LIST)).toBe(true);
    const gz = await page('/auth/signin', undefined, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(prerendered(zlib.gunzipSync(gz.rawPayload).toString(), SIGNIN)).toBe(true);
  });

  it("loads the app after the first paint, with the page's own scripts, only with a prerendered page", async () => {
    const { token } = await listUser();
    const body = (await page('/dashboard/customer', token)).body;
    expect(prerendered(body, LIST)).toBe(true);
    const head = body.slice(0, body.indexOf('</head>'));
    // The entry first, then index.html's preloads and the page's scripts; nothing else fetches them.
    expect(head).toContain(
      '<script src="/app-after-paint.js" defer data-scripts="/assets/index-a1.js /assets/react-b2.js /assets/CustomerListPage-c3.js"></script>',
    );
    expect(body).not.toContain('type="module"');
    expect(body).not.toContain('rel="modulepreload"');
    expect(body).not.toContain('cdn.example');
    expect(body).not.toContain('/x.js');
    // Without a prerendered page the app's scripts are what paints it: index.html as built.
    expect((await page('/dashboard/customer', await t.adminToken())).body).toBe(INDEX);
  });

  it("writes the visitor's own name and today's date into a personal page", async () => {
    const { token } = await t.userWith('employee', ['customer:read']);
    const rename = await t.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      token,
      payload: { name: 'سارة <b>"&' },
    });
    expect(rename.statusCode).toBe(200);
    const res = await page('/', token, 'br');
    expect(res.headers['content-encoding']).toBe('br');
    const body = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(body).toContain('<h2>مرحباً، سارة &lt;b&gt;&quot;&amp;</h2>');
    expect(body).toContain(`<bdi>${formatGregorianDate(new Date())}</bdi> م</p>`);
    expect(body).not.toContain('{{idara:');
    // Another user's page carries their name, not hers; one the checks differ for, none.
    const other = await t.userWith('employee', ['customer:read']);
    const theirs = (await page('/', other.token)).body;
    expect(theirs).toContain('مرحباً، مستخدم employee');
    expect(theirs).not.toContain('سارة');
    expect((await page('/', await t.adminToken())).body).toBe(INDEX);
  });
});
