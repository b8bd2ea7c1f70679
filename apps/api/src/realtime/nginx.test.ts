import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import zlib from 'node:zlib';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../test/harness';
import { NGINX, startNginx } from '../test/nginx';
import {
  callJson,
  createDatabase,
  freePort,
  rawGet,
  SERVER_START_MS,
  spawnServer,
  stopProcess,
  until,
} from '../test/processes';

/**
 * The deployment of docs/DEPLOY.md on loopback: two app nodes on one PostgreSQL and Redis, behind
 * Debian's nginx with the configuration that document gives (`nginxConfig` in ../test/nginx.ts).
 * Through the proxy: sign-in, requests spread over both nodes, and a websocket that receives pushes
 * caused on either node, and the client's real address despite a forged X-Forwarded-For. Database suite (TEST_DATABASE_URL, TEST_REDIS_URL) with /usr/sbin/nginx.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
const children: ChildProcess[] = [];
let socket: Socket | undefined;

async function startNode(databaseUrl: string) {
  const node = await spawnServer({
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    TRUST_PROXY: '127.0.0.1',
  });
  children.push(node.child);
  return node.port;
}

describe.skipIf(!serverUrl || !redisUrl || !fs.existsSync(NGINX))('two nodes behind nginx', () => {
  let proxy: string;

  beforeAll(async () => {
    database = await createDatabase(serverUrl!, 'idara_nginx');
    const a = await startNode(database.url); // migrates and seeds first
    const b = await startNode(database.url);
    nginx = await startNginx(await freePort(), [a, b]);
    proxy = nginx.url;
  }, 2 * SERVER_START_MS);

  afterAll(async () => {
    socket?.disconnect();
    await Promise.all([nginx?.stop(), ...children.map((p) => stopProcess(p))]);
    await database?.drop();
  }, 60_000);

  it('signs in, spreads requests over both nodes, and pushes through the proxy from either node', async () => {
    const call = (method: string, url: string, body?: unknown, token?: string) =>
      callJson(proxy, method, url, body, token);
    const admin = await call('POST', '/api/auth/signin', {
      phoneNumber: ADMIN.phone,
      password: ADMIN.password,
    });
    expect(admin.status).toBe(200);
    socket = connect(proxy, {
      transports: ['websocket'],
      auth: { token: admin.json.token },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', () => resolve());
      socket!.once('connect_error', reject);
    });
    const got: string[] = [];
    socket.on('notification', (n: { description: string }) => got.push(n.description));

    const user = await call(
      'POST',
      '/api/user',
      {
        name: 'موظف خلف الوكيل',
        phoneNumber: '0557773000',
        role: 'employee',
        permissions: ['customer:read', 'customer:create'],
        password: 'Passw0rd!x',
      },
      admin.json.token,
    );
    expect(user.status).toBe(201);
    const sales = (
      await call('POST', '/api/auth/signin', { phoneNumber: '0557773000', password: 'Passw0rd!x' })
    ).json.token as string;
    // nginx sends consecutive requests to alternating nodes: of four, two land on the other node.
    const names = ['عميل أ', 'عميل ب', 'عميل ج', 'عميل د'];
    for (const [i, name] of names.entries()) {
      const r = await call('POST', '/api/customer', { name, phoneNumber: `055777310${i}` }, sales);
      expect(r.status).toBe(201);
    }
    await until(
      async () => names.every((n) => got.some((d) => d.includes(`«${n}»`))),
      15_000,
      'all four pushes',
    );
  }, 60_000);

  it("passes the nodes' compressed answers through, and gzips what a node sent plain", async () => {
    const { token } = (
      await callJson(proxy, 'POST', '/api/auth/signin', {
        phoneNumber: ADMIN.phone,
        password: ADMIN.password,
      })
    ).json as { token: string };
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
    const client = new pg.Client({ connectionString: database!.url });
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
