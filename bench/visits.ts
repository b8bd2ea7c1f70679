/**
 * Maintenance contracts at the issue's scale: 100 technicians, 10,000 active customer contracts and
 * their 120,000 visits. Planning the contracts' visits through the planner the create route runs
 * (`planContractVisits`, one transaction per contract) against inserting the very same rows
 * directly (one insert per contract, one transaction each); then the dispatch board's week (and its
 * day, where it opens) and the visit list's first page through the whole app (`app.inject`) against
 * the same SQL sent through the same driver, one call each, interleaved in pairs.
 * `BENCH_EXPLAIN=1` prints each statement's plan; `BENCH_VISIT_CONTRACTS` (10000) scales it all.
 */
import { addDays, FRIDAY, riyadhDayOf, weekdayOfDay } from '@idara/domain';
import type { Database } from '../apps/api/src/db/client';
import { visits } from '../apps/api/src/db/schema';
import { planContractVisits } from '../apps/api/src/modules/customer-contract/planning';
import { getSettings } from '../apps/api/src/modules/settings/service';
import { BOARD_FIELDS } from '../apps/web/src/features/dispatch/board-model';
import { type BoardView, boardRange } from '../apps/web/src/features/dispatch/board-range';
import { type BenchResult, benchApp, versusBareSql } from './harness';
import { formatSpread, spread } from './measure';
import { freshDatabase, removeData } from './servers';
import {
  type ContractType,
  markPastVisits,
  type PlannedContract,
  reserveVisitNumbers,
  seedContracts,
  TECHNICIANS,
  visitRowsOf,
} from './visits-seed';

const CONTRACTS = Number(process.env.BENCH_VISIT_CONTRACTS ?? 10_000);
/** Four customers in five have one contract, the rest two. */
const CUSTOMERS = Math.ceil(CONTRACTS * 0.8);
/** The planning runs in this many chunks, each side first in every other one. */
const CHUNKS = 10;
/** Calls of each side, interleaved: tens of milliseconds each, so many pairs cost little and steady the median. */
const PAIRS = Math.max(5, Number(process.env.BENCH_PAIRS ?? 31));
const QUERY_GOAL = 1.5;
const PLANNING_GOAL = 2;
/** As the board asks (apps/web/src/features/dispatch/dispatch-api.ts: BOARD_LIMIT, BOARD_STATUSES). */
const BOARD_LIMIT = 2000;
const BOARD_STATUSES = ['planned', 'on_the_way', 'arrived', 'started', 'done', 'missed'];

const n = (x: number) => x.toLocaleString('en');

export async function visitBenches(): Promise<BenchResult[]> {
  const seeded = await freshDatabase('idara-bench-visits');
  const { database } = seeded;
  try {
    const started = performance.now();
    const { contracts, types } = await seedContracts(database, CONTRACTS, CUSTOMERS);
    console.log(
      `visits bench (${database.kind}): ${TECHNICIANS} technicians, ${n(CUSTOMERS)} customers, ${n(CONTRACTS)} contracts seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const planning = await planningBench(database, contracts, types);
    await markPastVisits(database);
    return [planning, ...(await queryBenches(database))];
  } finally {
    await database.close();
    removeData(seeded);
  }
}

/** A chunk's visits as written, without what differs by design (ids, numbers, timestamps). */
const writtenRows = (database: Database, ids: string[]) =>
  database.rawQuery(
    `select customer_contract_id, sequence, customer_id, assignees, equipment, city_id, address, form_id,
            scheduled_at, duration_minutes, status, moved, version, regexp_replace(search_text, '^[0-9]+ ', '') as search
     from visits where customer_contract_id = any($1::uuid[]) order by customer_contract_id, sequence`,
    [ids],
  );

/**
 * The contracts in CHUNKS chunks. For each chunk one side writes its visits (timed), the chunk's
 * visits are read and deleted (untimed), the other side writes them again (timed) and they are
 * read again: both must have written the same rows. The sides take turns going first, so drift
 * and the table's growth fall on both; the visits of the side that went second stay.
 */
async function planningBench(
  database: Database,
  contracts: PlannedContract[],
  types: Map<string, ContractType>,
): Promise<BenchResult> {
  const { db } = database;
  const settings = await getSettings(db);
  const size = Math.ceil(contracts.length / CHUNKS);
  const plannerMs: number[] = [];
  const directMs: number[] = [];
  let visitCount = 0;
  for (let k = 0; k * size < contracts.length; k++) {
    const chunk = contracts.slice(k * size, (k + 1) * size);
    const ids = chunk.map((c) => c._id);
    const plan = async () => {
      const start = performance.now();
      for (const contract of chunk)
        await db.transaction((tx) => planContractVisits(tx, contract, { created: true }));
      plannerMs.push(performance.now() - start);
    };
    const insert = async () => {
      const typeOf = (c: PlannedContract) => types.get(c.contract)!;
      let next = await reserveVisitNumbers(
        db,
        chunk.reduce((sum, c) => sum + typeOf(c).visits, 0),
      );
      const rows = chunk.map((c) => {
        const own = visitRowsOf(c, typeOf(c), settings, next);
        next += own.length;
        return own;
      });
      const start = performance.now();
      for (const own of rows)
        await db.transaction(async (tx) => {
          await tx.insert(visits).values(own);
        });
      directMs.push(performance.now() - start);
    };
    const [first, second] = k % 2 ? [insert, plan] : [plan, insert];
    await first();
    const before = await writtenRows(database, ids);
    await database.rawQuery('delete from visits where customer_contract_id = any($1::uuid[])', [ids]);
    await second();
    const after = await writtenRows(database, ids);
    if (JSON.stringify(before) !== JSON.stringify(after))
      throw new Error(`visits bench: the planner and the direct insert wrote different rows (chunk ${k})`);
    visitCount += after.length;
    console.log(
      `  chunk ${k + 1}: planner ${plannerMs[k].toFixed(0)} ms, direct ${directMs[k].toFixed(0)} ms (${k % 2 ? 'direct' : 'planner'} first)`,
    );
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const planner = sum(plannerMs);
  const direct = sum(directMs);
  const ratio = planner / direct;
  const chunkRatios = spread(plannerMs.map((p, i) => p / directMs[i]));
  const perContract = (total: number) =>
    `${(total / 1000).toFixed(1)} s, ${(total / contracts.length).toFixed(2)} ms a contract`;
  return {
    name: `planning ${n(contracts.length)} contracts' ${n(visitCount)} visits, one transaction each: planContractVisits vs inserting the same rows (chunk ratios ${formatSpread(chunkRatios, 2)}) (${database.kind})`,
    measured: perContract(planner),
    baseline: `${perContract(direct)} (one insert per contract, same driver)`,
    ratio,
    goal: `≤ ${PLANNING_GOAL.toFixed(2)}`,
    met: ratio <= PLANNING_GOAL,
  };
}

interface QueryCase {
  name: string;
  url: string;
  /** The route's statements, written out: the page and the capped count, sent in parallel as `runList` does. */
  statements: { sql: string; params: unknown[] }[];
}

/** The columns and joins of a visit list row, as the route selects them. */
const FROM = `from visits v
  left join customers cu on cu.id = v.customer_id
  left join cities ci on ci.id = v.city_id
  left join forms f on f.id = v.form_id`;

/** The board's request for a day or a week (`useBoardVisits`), and its statements written out. */
function boardCase(view: BoardView, day: string): QueryCase {
  const range = boardRange(view, day);
  const statuses = BOARD_STATUSES.map((_, i) => `$${i + 1}`).join(', ');
  const where = `v.status in (${statuses}) and v.scheduled_at >= $7 and v.scheduled_at <= $8`;
  const params = [...BOARD_STATUSES, range.from, range.to];
  const query = {
    fields: BOARD_FIELDS,
    limit: String(BOARD_LIMIT),
    sort: 'scheduledAt',
    scheduledAtFrom: range.from,
    scheduledAtTo: range.to,
    status: BOARD_STATUSES.join(','),
  };
  const days = range.days.length > 1 ? `${range.days[0]} – ${range.days.at(-1)}` : range.days[0];
  return {
    name: `GET /api/visit, the board's ${view} ${days} (${BOARD_LIMIT} a page, by time)`,
    url: `/api/visit?${new URLSearchParams(query)}`,
    statements: [
      {
        sql: `select v.id, v.number, cu.name, ci.name, v.address, v.scheduled_at, v.duration_minutes,
                     v.assignees, v.status, v.updated_at
              ${FROM}
              where ${where}
              order by v.scheduled_at, v.id limit $9 offset $10`,
        params: [...params, BOARD_LIMIT, 0],
      },
      {
        sql: `select count(*)::int as total from (select 1 from visits v where ${where} limit $9) matches`,
        params: [...params, 5001],
      },
    ],
  };
}

function queryCases(): QueryCase[] {
  const today = riyadhDayOf(new Date());
  // The board opens on today; on a Friday, when no visit is planned, the bench takes Saturday.
  const workday = weekdayOfDay(today) === FRIDAY ? addDays(today, 1) : today;
  return [
    boardCase('week', today),
    boardCase('day', workday),
    {
      name: "GET /api/visit, the list's first page (20, latest first, as the visits screen asks)",
      url: '/api/visit?page=1&limit=20&sort=-scheduledAt',
      statements: [
        {
          sql: `select v.id, v.number, v.customer_id, v.assignees, v.equipment, v.city_id, v.address,
                       v.customer_contract_id, v.sequence, v.scheduled_at, v.duration_minutes, v.form_id,
                       v.status, v.notes, v.override_reason, v.done_at, v.done_by, v.created_at, v.updated_at,
                       cu.name, ci.name, f.title
                ${FROM}
                order by v.scheduled_at desc, v.id limit $1 offset $2`,
          params: [20, 0],
        },
        { sql: 'select count(*)::int as total from (select 1 from visits limit $1) matches', params: [5001] },
      ],
    },
  ];
}

async function queryBenches(database: Database): Promise<BenchResult[]> {
  const [{ count }] = (await database.rawQuery('select count(*)::int as count from visits', [])) as {
    count: number;
  }[];
  const { app, token } = await benchApp(database);
  const results: BenchResult[] = [];
  try {
    for (const c of queryCases()) {
      if (process.env.BENCH_EXPLAIN)
        for (const s of c.statements) {
          const plan = (await database.rawQuery(`explain (analyze, buffers) ${s.sql}`, s.params)) as Record<
            string,
            string
          >[];
          console.log(`\n${c.name} (${database.kind}):\n${plan.map((r) => Object.values(r)[0]).join('\n')}`);
        }
      const get = () =>
        app.inject({ method: 'GET', url: c.url, headers: { authorization: `Bearer ${token}` } });
      const stack = async () => {
        const res = await get();
        if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
      };
      const bare = () => Promise.all(c.statements.map((s) => database.rawQuery(s.sql, s.params)));
      // Both must answer the same rows in the same order, and the same total.
      const [res, [rows, [counted]]] = await Promise.all([get(), bare()]);
      const answer = res.json() as { data: { _id: string }[]; total: number };
      const ids = (rows as { id: string }[]).map((r) => r.id);
      if (
        JSON.stringify(answer.data.map((r) => r._id)) !== JSON.stringify(ids) ||
        answer.total !== Math.min((counted as { total: number }).total, 5000)
      )
        throw new Error(`${c.name}: the bare SQL answers other rows than the app`);
      results.push(
        await versusBareSql({
          name: `${c.name}: ${n(answer.data.length)} rows of ${n(answer.total)}, ${n(CONTRACTS)} contracts, ${n(count)} visits`,
          kind: database.kind,
          pairs: PAIRS,
          goal: QUERY_GOAL,
          stack,
          bare,
        }),
      );
    }
    return results;
  } finally {
    await app.close();
  }
}
