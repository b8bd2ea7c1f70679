/**
 * The peer's side of bench/peer.ts: Idara's customers copied row for row into Directus's own
 * database with the same indexes, and Directus bootstrapped and started as a process of its own.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const ADMIN_EMAIL = 'bench@example.com';
/** The admin's static token (Directus's `token` field on the user): the bench's own secret. */
const STATIC_TOKEN = 'idara-bench-peer-static-token';

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fingerprint of every customer row, to show both databases hold the same data. */
const fingerprint = (client: pg.Client) =>
  client
    .query<{ n: number; md5: string }>(
      `select count(*)::int as n, md5(string_agg(c::text, '|' order by c.id)) as md5 from customers c`,
    )
    .then((r) => r.rows[0]);

/**
 * Empties the peer's database so each run bootstraps Directus afresh (its admin is created only on a
 * first install) — refusing a database that holds anything but Directus and the copied customers.
 */
async function resetPeerDatabase(target: pg.Client) {
  const { rows } = await target.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public'`,
  );
  const foreign = rows.filter((r) => !/^directus_|^customers$/.test(r.name));
  if (foreign.length) {
    throw new Error(
      `BENCH_PEER_DATABASE_URL holds other tables (${foreign.map((r) => r.name).join(', ')}): give the peer a database of its own`,
    );
  }
  await target.query('drop schema public cascade');
  await target.query('create schema public');
}

/**
 * Replaces the peer database's `customers` with a copy of Idara's: same columns and types, same rows
 * and every index Idara has on that table, then refreshes the planner's statistics.
 */
export async function copyCustomers(idaraUrl: string, peerUrl: string) {
  await withClient(idaraUrl, (source) =>
    withClient(peerUrl, async (target) => {
      const { rows: columns } = await source.query<{ name: string; type: string; notnull: boolean }>(
        `select attname as name, format_type(atttypid, atttypmod) as type, attnotnull as notnull
           from pg_attribute where attrelid = 'customers'::regclass and attnum > 0 and not attisdropped
           order by attnum`,
      );
      const { rows: indexes } = await source.query<{ def: string }>(
        `select indexdef as def from pg_indexes
           where schemaname = 'public' and tablename = 'customers' and indexname not like '%pkey'`,
      );
      await resetPeerDatabase(target);
      await target.query('create extension if not exists pg_trgm');
      const definitions = columns.map(
        (c) => `"${c.name}" ${c.type}${c.name === 'id' ? ' primary key' : c.notnull ? ' not null' : ''}`,
      );
      await target.query(`create table customers (${definitions.join(', ')})`);

      const BATCH = 5000;
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const { rows } = await source.query('select * from customers where id > $1 order by id limit $2', [
          after,
          BATCH,
        ]);
        if (!rows.length) break;
        after = rows[rows.length - 1].id;
        await target.query(
          'insert into customers select * from json_populate_recordset(null::customers, $1::json)',
          [JSON.stringify(rows)],
        );
      }
      for (const { def } of indexes) await target.query(def);
      await target.query('analyze customers');

      const [a, b] = await Promise.all([fingerprint(source), fingerprint(target)]);
      if (a.n !== b.n || a.md5 !== b.md5) {
        throw new Error(`the copied customers differ: ${JSON.stringify({ idara: a, directus: b })}`);
      }
      console.log(`customers copied: ${b.n} rows, fingerprint ${b.md5} on both; ${indexes.length} indexes`);
    }),
  );
}

/**
 * Directus bootstrapped on `url` (system tables, the admin), `customers` registered as a collection,
 * the admin's static token set, then `directus start` as a process of its own on `port`.
 */
export async function directusPeer(peerDir: string, url: string, port: number) {
  const cli = path.join(peerDir, 'node_modules/directus/cli.js');
  const version: string = JSON.parse(
    fs.readFileSync(path.join(peerDir, 'node_modules/directus/package.json'), 'utf8'),
  ).version;
  // Directus writes uploads and looks for extensions under its working directory.
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-peer-directus-'));
  const env = {
    ...process.env,
    DB_CLIENT: 'pg',
    DB_CONNECTION_STRING: url,
    // The same pool size as Idara's (apps/api/src/db/client.ts).
    DB_POOL__MIN: '0',
    DB_POOL__MAX: '10',
    KEY: 'idara-bench-peer-key',
    SECRET: 'idara-bench-peer-secret',
    ADMIN_EMAIL,
    ADMIN_PASSWORD: 'Admin@12345',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Idara logs no line per request at its default level; Directus does at `info`.
    LOG_LEVEL: 'warn',
    TELEMETRY: 'false',
    CACHE_ENABLED: 'false',
    RATE_LIMITER_ENABLED: 'false',
    STORAGE_LOCATIONS: 'local',
    STORAGE_LOCAL_ROOT: path.join(home, 'uploads'),
    EXTENSIONS_PATH: path.join(home, 'extensions'),
  };
  const bootstrap = spawnSync(process.execPath, [cli, 'bootstrap'], { cwd: home, env, encoding: 'utf8' });
  if (bootstrap.status !== 0) {
    fs.rmSync(home, { recursive: true, force: true });
    throw new Error(`directus bootstrap failed:\n${bootstrap.stdout}\n${bootstrap.stderr}`);
  }
  await withClient(url, async (client) => {
    await client.query(
      `insert into directus_collections (collection, icon, note) values ('customers', 'person', $1)
         on conflict (collection) do nothing`,
      ['Idara customers, copied for the peer bench'],
    );
    const updated = await client.query('update directus_users set token = $1 where email = $2', [
      STATIC_TOKEN,
      ADMIN_EMAIL,
    ]);
    if (updated.rowCount !== 1) throw new Error('the Directus admin was not created by bootstrap');
  });
  const fields = await withClient(url, (client) =>
    client
      .query<{ name: string }>(
        `select attname as name from pg_attribute where attrelid = 'customers'::regclass and attnum > 0
           and not attisdropped and attname <> 'search_text' order by attnum`,
      )
      .then((r) => r.rows.map((row) => row.name).join(',')),
  );

  const child = spawn(process.execPath, [cli, 'start'], {
    cwd: home,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = ''; // shown if it fails to start
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (d) => (output += d));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`directus exited ${code}:\n${output}`))),
  );
  const ready = (async () => {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const pong = await fetch(`http://127.0.0.1:${port}/server/ping`).catch(() => undefined);
      if (pong?.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`directus did not start:\n${output}`);
  })();
  await Promise.race([ready, exited]);
  exited.catch(() => undefined);
  const removeHome = () => fs.rmSync(home, { recursive: true, force: true });
  return { child, token: STATIC_TOKEN, fields, version, removeHome };
}
