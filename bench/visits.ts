/**
 * Maintenance contracts at the issue's scale: 100 technicians, 10,000 active customer contracts and
 * their 120,000 visits. Planning the contracts' visits through the planner the create route runs
 * (`planContractVisits`, one transaction per contract) against inserting the very same rows
 * directly (one insert per contract, one transaction each); then the dispatch board's week (and its
 * day, where it opens) and the visit list's first page through the whole app (`app.inject`) against
 * the same SQL sent through the same driver, one call each, interleaved in pairs.
 * `BENCH_EXPLAIN=1` prints each statement's plan; `BENCH_VISIT_CONTRACTS` (10000) scales it all.
 */
import { isDeepStrictEqual } from 'node:util';
import { addDays, FRIDAY, riyadhDayOf, weekdayOfDay } from '@idara/domain';
import Fastify from 'fastify';
import type { Database } from '../apps/api/src/db/client';
import { visits } from '../apps/api/src/db/schema';
import { cappedTotal } from '../apps/api/src/http/list-query';
import { planContractVisits } from '../apps/api/src/modules/customer-contract/planning';
import { getSettings } from '../apps/api/src/modules/settings/service';
import { BOARD_FIELDS } from '../apps/web/src/features/dispatch/board-model';
import { type BoardView, boardRange } from '../apps/web/src/features/dispatch/board-range';
import { type BenchResult, benchApp, minMedianMax, timedRounds } from './harness';
import { formatSpread, median, spread } from './measure';
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

export const CONTRACTS = Number(process.env.BENCH_VISIT_CONTRACTS ?? 10_000);
/** Four customers in five have one contract, the rest two. */
export const CUSTOMERS = Math.ceil(CONTRACTS * 0.8);
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

export interface QueryCase {
  name: string;
  url: string;
  /**
   * The route's statements, written out: the page (its columns named as the answer names them) and
   * the capped count, sent in parallel as `runList` does.
   */
  statements: { sql: string; params: unknown[] }[];
  /** What the count is capped at (`countBound`): the answer's `total` and `totalIsCapped`. */
  countBound: number;
  page: number;
  limit: number;
}

/** The joins of a visit list row, as the route makes them (the contract for its number). */
const FROM = `from visits v
  left join customer_contracts cc on cc.id = v.customer_contract_id
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
        sql: `select v.id as "_id", v.number, cu.name as "customerName", ci.name as "cityName",
                     v.scheduled_at as "scheduledAt", v.duration_minutes as "durationMinutes",
                     v.assignees, v.status, v.updated_at as "updatedAt"
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
    countBound: 5000,
    page: 1,
    limit: BOARD_LIMIT,
  };
}

export function queryCases(): QueryCase[] {
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
          sql: `select v.id as "_id", v.number, v.customer_id as customer, cu.name as "customerName",
                       v.assignees, v.equipment, v.city_id as city, ci.name as "cityName", v.address,
                       v.customer_contract_id as "customerContract", cc.number as "customerContractNumber",
                       v.sequence, v.scheduled_at as "scheduledAt", v.duration_minutes as "durationMinutes",
                       v.form_id as form, f.title as "formName", v.status, v.notes,
                       v.override_reason as "overrideReason", v.done_at as "doneAt", v.done_by as "doneBy",
                       v.created_at as "createdAt", v.updated_at as "updatedAt"
                ${FROM}
                order by v.scheduled_at desc, v.id limit $1 offset $2`,
          params: [20, 0],
        },
        { sql: 'select count(*)::int as total from (select 1 from visits limit $1) matches', params: [5001] },
      ],
      countBound: 5000,
      page: 1,
      limit: 20,
    },
  ];
}

/**
 * The least a server answering the same request does: a bare Fastify route sending the written-out
 * statements through the same driver and answering their rows as `runList` answers, with Fastify's
 * default serialiser — no auth, no query parsing, no hooks, no response schema.
 */
async function bareAnswerApp(database: Database, cases: QueryCase[]) {
  const bare = Fastify({ logger: false });
  for (const [i, c] of cases.entries())
    bare.get(`/bare/${i}`, async () => {
      const [data, [counted]] = await Promise.all(
        c.statements.map((s) => database.rawQuery(s.sql, s.params)),
      );
      return {
        data,
        ...cappedTotal(c.countBound, (counted as { total: number }).total),
        page: c.page,
        limit: c.limit,
      };
    });
  await bare.ready();
  return bare;
}

async function queryBenches(database: Database): Promise<BenchResult[]> {
  const [{ count }] = (await database.rawQuery('select count(*)::int as count from visits', [])) as {
    count: number;
  }[];
  const { app, token } = await benchApp(database);
  const cases = queryCases();
  const bareApp = await bareAnswerApp(database, cases);
  const results: BenchResult[] = [];
  try {
    for (const [i, c] of cases.entries()) {
      if (process.env.BENCH_EXPLAIN)
        for (const s of c.statements) {
          const plan = (await database.rawQuery(`explain (analyze, buffers) ${s.sql}`, s.params)) as Record<
            string,
            string
          >[];
          console.log(`\n${c.name} (${database.kind}):\n${plan.map((r) => Object.values(r)[0]).join('\n')}`);
        }
      const ok = <R extends { statusCode: number; body: string }>(res: R) => {
        if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
        return res;
      };
      const stack = async () =>
        ok(await app.inject({ method: 'GET', url: c.url, headers: { authorization: `Bearer ${token}` } }));
      const answer = async () => ok(await bareApp.inject({ method: 'GET', url: `/bare/${i}` }));
      const driver = () => Promise.all(c.statements.map((s) => database.rawQuery(s.sql, s.params)));
      // The app and the bare route must answer the very same JSON: rows, order, values and total.
      const [fromStack, fromBare] = await Promise.all([stack(), answer()]);
      const answered = fromStack.json() as { data: unknown[]; total: number };
      if (!isDeepStrictEqual(answered, fromBare.json()))
        throw new Error(
          `${c.name}: the bare SQL answers differently from the app\n${fromStack.body.slice(0, 600)}\n${fromBare.body.slice(0, 600)}`,
        );
      const [stackMs, answerMs, driverMs] = await timedRounds(PAIRS, [stack, answer, driver]);
      const ratio = median(stackMs) / median(answerMs);
      const sqlRatio = median(stackMs) / median(driverMs);
      results.push({
        name: `${c.name}: ${n(answered.data.length)} rows of ${n(answered.total)}, ${n(CONTRACTS)} contracts, ${n(count)} visits, ${PAIRS} rounds min/median/max; against the driver alone ${minMedianMax(driverMs)}, ${sqlRatio.toFixed(2)} (${database.kind})`,
        measured: minMedianMax(stackMs),
        baseline: `${minMedianMax(answerMs)} (same SQL, same driver, answered by a bare Fastify route)`,
        ratio,
        goal: `≤ ${QUERY_GOAL.toFixed(2)}`,
        met: ratio <= QUERY_GOAL,
      });
    }
    return results;
  } finally {
    await Promise.all([app.close(), bareApp.close()]);
  }
}
