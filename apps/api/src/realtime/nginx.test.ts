import fs from 'node:fs';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX, startNginx } from '../test/nginx';
import { customerClerkAt, signInAt } from '../test/over-http';
import { useProcesses } from '../test/process-fixture';
import { callJson, freePort, rawGet, SERVER_START_MS, until } from '../test/processes';

/**
 * The deployment of docs/DEPLOY.md on loopback: two app nodes on one PostgreSQL and Redis, behind
 * Debian's nginx with the configuration that document gives (`nginxConfig` in ../test/nginx.ts).
 * Through the proxy: sign-in, requests spread over both nodes, and a websocket that receives pushes
 * caused on either node, and the client's real address despite a forged X-Forwarded-For. Database suite (TEST_DATABASE_URL, TEST_REDIS_URL) with /usr/sbin/nginx.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const processes = useProcesses('SIGTERM');
let databaseUrl: string;
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;

const startNode = async () =>
  (await processes.server({ DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, TRUST_PROXY: '127.0.0.1' })).port;

describe.skipIf(!serverUrl || !redisUrl || !fs.existsSync(NGINX))('two nodes behind nginx', () => {
  let proxy: string;

  beforeAll(async () => {
    databaseUrl = (await processes.database('idara_nginx')).url;
    const a = await startNode(); // migrates and seeds first
    const b = await startNode();
    nginx = await startNginx(await freePort(), [a, b]);
    proxy = nginx.url;
  }, 2 * SERVER_START_MS);

  afterAll(() => nginx?.stop(), 60_000);

  it('signs in, spreads requests over both nodes, and pushes through the proxy from either node', async () => {
    const admin = await signInAt(proxy);
    const pushed = await processes.socket(proxy, admin, false);
    const sales = await customerClerkAt(proxy, admin, 'موظف خلف الوكيل', '0557773000');
    // nginx sends consecutive requests to alternating nodes: of four, two land on the other node.
    const names = ['عميل أ', 'عميل ب', 'عميل ج', 'عميل د'];
    for (const [i, name] of names.entries()) {
      const r = await callJson(proxy, 'POST', '/api/customer', { name, phoneNumber: `055777310${i}` }, sales);
      expect(r.status).toBe(201);
    }
    await until(() => names.every((n) => pushed.said(`«${n}»`)), 15_000, 'all four pushes');
  }, 60_000);

  it("passes the nodes' compressed answers through, and gzips what a node sent plain", async () => {
    const token = await signInAt(proxy);
    const get = (headers: Record<string, string>) =>
      rawGet(`${proxy}/api/customer?limit=20`, { authorization: `Bearer ${token}`, ...headers });
    const plain = await get({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const rows = JSON.parse(plain.body.toString('utf8'));
    expect(plain.body.length).toBeGreaterThan(1400);

    const br = await get({ 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8'))).toEqual(rows);

    // A request that asks the node not to compress: nginx's own gzip does it.
    const byNginx = await get({ 'accept-encoding': 'gzip', 'x-no-compression': '1' });
    expect(byNginx.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(byNginx.body).toString('utf8'))).toEqual(rows);
  }, 30_000);

  it('records the real client address, not one the client wrote in X-Forwarded-For', async () => {
    const res = await fetch(`${proxy}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ phoneNumber: '0557779999', password: 'bad-password' }),
    });
    expect(res.status).toBe(401);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        `select ip from activity where action = 'signin_failed' and summary like '%557779999'`,
      );
      expect(rows.map((r) => r.ip)).toEqual(['127.0.0.1']);
      const failures = await client.query(
        `select ip from auth_failures where phone_number like '%557779999'`,
      );
      expect(failures.rows.map((r) => r.ip)).toEqual(['127.0.0.1']);
    } finally {
      await client.end();
    }
  }, 30_000);
});
