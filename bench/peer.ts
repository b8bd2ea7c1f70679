/**
 * Beside a peer (issue: fast where it scales): Idara and Directus, each a process of its own on the
 * same PostgreSQL and the same 100,000 customers, answering the same list — a city filter, an Arabic
 * search, sorted by name, a page of 20 with its total — with a static token, under the same load.
 * Interleaved pairs; throughput, p50/p99, server CPU per request and memory for both.
 *
 * BENCH_DATABASE_URL is Idara's database, BENCH_PEER_DATABASE_URL the peer's (both created by hand).
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { insertDemoCustomers } from '../apps/api/src/db/demo-customers';
import { cities, customers } from '../apps/api/src/db/schema';
import { seedIfEmpty } from '../apps/api/src/db/seed';
import { SEARCH_COUNT_CAP } from '../apps/api/src/http/list-query';
import { startServer, stopServer } from '../scripts/server-process';
import { CUSTOMERS } from './customer-list';
import type { BenchResult } from './harness';
import { formatSpread, interleavedPairs, type MeasuredLoad, measureLoad, spread } from './measure';
import { copyCustomers, directusPeer } from './peer-directus';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const IDARA_PORT = Number(process.env.BENCH_PEER_IDARA_PORT ?? 4420);
const DIRECTUS_PORT = Number(process.env.BENCH_PEER_PORT ?? 4425);
/**
 * A term whose matches stay under Idara's search count cap (SEARCH_COUNT_CAP, 100): 42 of Riyadh's
 * 1,594 demo customers hold «شركه» (the normalised «شركة» of a company's name). Idara then counts
 * every match, as Directus's `filter_count` does, and both answer the same page with the same exact
 * total: equal work. (With «احمد», 220 matches, Idara stopped counting at 101 and Directus counted
 * all 220: unequal work, and the bench said `same page: false`.) Already normalised, so Directus's
 * plain `LIKE` on search_text matches what Idara's search matches.
 */
const SEARCH = 'شركه';

/**
 * The headers of the Node running this bench: Directus's sandbox (isolated-vm) compiles against V8,
 * and an npm whose config points node-gyp elsewhere (Debian's points at the system Node) would build
 * it for another Node. npm's `node` package keeps them in its node-<platform>-<arch> dependency.
 */
function nodeHeaders() {
  const prefix = path.resolve(process.execPath, '../..');
  return [prefix, path.join(prefix, `node_modules/node-${process.platform}-${process.arch}`)].find((dir) =>
    fs.existsSync(path.join(dir, 'include/node/node_version.h')),
  );
}

/** Directus and what it needs, from bench/peer's own lock file: never installed by the project's `npm ci`. */
function installPeer() {
  const dir = path.resolve(import.meta.dirname, 'peer');
  if (fs.existsSync(path.join(dir, 'node_modules/directus'))) return dir;
  const headers = nodeHeaders();
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: dir,
    stdio: 'inherit',
    env: { ...process.env, ...(headers ? { npm_config_nodedir: headers } : {}) },
  });
  if (install.status !== 0) throw new Error('could not install the peer bench tools (bench/peer)');
  return dir;
}

/** Idara's database with the demo customers, analysed; the Riyadh city id the list filters on. */
async function seedIdara(url: string) {
  const database = await openDatabase({ url });
  try {
    await database.migrate();
    await seedIfEmpty(database.db, { phone: '0500000000', password: 'Admin@12345', name: 'مدير النظام' });
    const [{ count }] = (await database.rawQuery('select count(*)::int as count from customers', [])) as {
      count: number;
    }[];
    if (count !== CUSTOMERS) {
      await database.db.delete(customers);
      await insertDemoCustomers(database.db, CUSTOMERS);
    }
    // Autovacuum would get to it; the bench should not wait on it.
    await database.rawQuery('analyze customers', []);
    const [riyadh] = await database.db
      .select({ _id: cities._id })
      .from(cities)
      .where(eq(cities.name, 'الرياض'));
    return riyadh._id;
  } finally {
    await database.close();
  }
}

const statusKb = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const memory = (child: ChildProcess) => ({
  rssMb: statusKb(child.pid!, 'VmRSS') / 1024,
  peakMb: statusKb(child.pid!, 'VmHWM') / 1024,
});

async function getJson(url: string, token: string) {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, any>;
}

export async function peerBenches(): Promise<BenchResult[]> {
  const idaraUrl = process.env.BENCH_DATABASE_URL;
  const peerUrl = process.env.BENCH_PEER_DATABASE_URL;
  if (!idaraUrl || !peerUrl) {
    throw new Error('the peer bench needs BENCH_DATABASE_URL (Idara) and BENCH_PEER_DATABASE_URL (Directus)');
  }
  const peerDir = installPeer();
  const city = await seedIdara(idaraUrl);
  await copyCustomers(idaraUrl, peerUrl);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-peer-'));
  const idara = await startServer(dataDir, { DATABASE_URL: idaraUrl, PORT: String(IDARA_PORT) });
  let directus: Awaited<ReturnType<typeof directusPeer>> | undefined;
  try {
    directus = await directusPeer(peerDir, peerUrl, DIRECTUS_PORT);
    const signin = await fetch(`http://127.0.0.1:${idara.port}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber: '0500000000', password: 'Admin@12345' }),
    });
    const idaraToken = ((await signin.json()) as { token: string }).token;

    const search = encodeURIComponent(SEARCH);
    const idaraPath = `/api/customer?city=${city}&search=${search}&sort=name&limit=20&page=1`;
    const page = `filter[city_id][_eq]=${city}&sort=name,id&limit=20&page=1&meta=filter_count&fields=${directus.fields}`;
    // Directus's `search` is what its app sends: case-insensitive `LOWER(column) LIKE` over every
    // string column, which no index serves. The copied search_text column holds Idara's normalised
    // text, so the same rows match. The second query is Directus at its best: a case-sensitive
    // `_contains` on search_text, which the same trigram index serves. Its id breaks ties as Idara's.
    const peerQueries = [
      { label: '`search`', path: `/items/customers?search=${search}&${page}` },
      {
        label: '`filter[search_text][_contains]`',
        path: `/items/customers?filter[search_text][_contains]=${search}&${page}`,
      },
    ];

    const idaraPage = await getJson(`http://127.0.0.1:${idara.port}${idaraPath}`, idaraToken);
    const idaraIds = (idaraPage.data as { _id: string }[]).map((r) => r._id);
    const samePage = async (peerPath: string) => {
      const peerPage = await getJson(`http://127.0.0.1:${DIRECTUS_PORT}${peerPath}`, directus!.token);
      const peerIds = (peerPage.data as { id: string }[]).map((r) => r.id);
      // An exact total on both sides: a capped one would be less work than Directus's full count.
      const exact = !idaraPage.totalIsCapped && idaraPage.total < SEARCH_COUNT_CAP;
      const same =
        exact &&
        idaraIds.length === 20 &&
        idaraIds.join() === peerIds.join() &&
        idaraPage.total === peerPage.meta.filter_count;
      console.log(
        `same page: ${same} (Idara ${idaraIds.length} rows of ${idaraPage.total}${exact ? ', exact' : ', CAPPED'}, Directus ${peerIds.length} of ${peerPage.meta.filter_count})`,
      );
      if (!same) console.log({ idaraIds, peerIds });
      return same;
    };

    const load =
      (pid: number, port: number, url: string, token: string, duration = SECONDS) =>
      () =>
        measureLoad([pid], {
          url: `http://127.0.0.1:${port}${url}`,
          headers: { authorization: `Bearer ${token}` },
          connections: CONNECTIONS,
          duration,
        });
    const runIdara = load(idara.child.pid!, idara.port, idaraPath, idaraToken);
    // Warm-up: JIT, plans, pools and (for Directus) its schema cache.
    await load(idara.child.pid!, idara.port, idaraPath, idaraToken, 3)();
    const results: BenchResult[] = [];
    for (const query of peerQueries) {
      const same = await samePage(query.path);
      await load(directus.child.pid!, DIRECTUS_PORT, query.path, directus.token, 3)();
      const runDirectus = load(directus.child.pid!, DIRECTUS_PORT, query.path, directus.token);
      const pairs = await interleavedPairs(PAIRS, runIdara, runDirectus, (r) => r.rps);
      const peer = `Directus ${directus.version} (${query.label})`;
      results.push(...report(pairs, memory(idara.child), memory(directus.child), same, peer));
    }
    return results;
  } finally {
    if (directus) {
      await stopServer(directus.child);
      directus.removeHome();
    }
    await stopServer(idara.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(
  pairs: { a: MeasuredLoad[]; b: MeasuredLoad[]; ratios: ReturnType<typeof spread> },
  idaraMemory: ReturnType<typeof memory>,
  peerMemory: ReturnType<typeof memory>,
  samePage: boolean,
  peer: string,
): BenchResult[] {
  const side = (runs: MeasuredLoad[]) => ({
    rps: spread(runs.map((r) => r.rps)),
    p50: spread(runs.map((r) => r.p50)),
    p99: spread(runs.map((r) => r.p99)),
    cpu: spread(runs.map((r) => r.cpuMsPerRequest)),
    failures: runs.reduce((n, r) => n + r.errors + r.non2xx, 0),
  });
  const a = side(pairs.a);
  const b = side(pairs.b);
  const p99Ratios = spread(pairs.a.map((r, i) => r.p99 / pairs.b[i].p99));
  const cpuRatios = spread(pairs.a.map((r, i) => pairs.b[i].cpuMsPerRequest / r.cpuMsPerRequest));
  const line = (s: ReturnType<typeof side>, m: ReturnType<typeof memory>) =>
    `${formatSpread(s.rps)} req/s, p50 ${formatSpread(s.p50)} ms, p99 ${formatSpread(s.p99)} ms, ` +
    `CPU ${formatSpread(s.cpu, 2)} ms/req, RSS ${m.rssMb.toFixed(0)} MB (peak ${m.peakMb.toFixed(0)} MB), ` +
    `${s.failures} failed`;
  console.log(`Idara:    ${line(a, idaraMemory)}`);
  console.log(`${peer}: ${line(b, peerMemory)}`);
  console.log(
    `ratios (min / median / max of ${PAIRS} pairs): throughput ${formatSpread(pairs.ratios, 2)}, p99 ${formatSpread(p99Ratios, 2)}, peer CPU per request ÷ Idara's ${formatSpread(cpuRatios, 2)}`,
  );
  const what = `${CUSTOMERS.toLocaleString('en')} customers, city + search «${SEARCH}» + sort by name, page of 20, ${CONNECTIONS} connections, ${PAIRS} interleaved pairs of ${SECONDS} s`;
  const clean = samePage && a.failures === 0 && b.failures === 0;
  return [
    {
      name: `Idara vs ${peer} requests/s, ${what} (PostgreSQL)`,
      measured: `Idara ${formatSpread(a.rps)} req/s, ${idaraMemory.rssMb.toFixed(0)} MB RSS`,
      baseline: `Directus ${formatSpread(b.rps)} req/s, ${peerMemory.rssMb.toFixed(0)} MB RSS`,
      ratio: pairs.ratios.median,
      goal: '≥ 2.00',
      met: clean && pairs.ratios.median >= 2,
    },
    {
      name: `Idara vs ${peer} p99, same run`,
      measured: `Idara p50 ${formatSpread(a.p50)} ms, p99 ${formatSpread(a.p99)} ms`,
      baseline: `Directus p50 ${formatSpread(b.p50)} ms, p99 ${formatSpread(b.p99)} ms`,
      ratio: p99Ratios.median,
      goal: '≤ 1.00',
      met: clean && p99Ratios.median <= 1,
    },
  ];
}
