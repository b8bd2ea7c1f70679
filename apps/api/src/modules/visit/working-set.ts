import { myVisitsQuery, riyadhDayBounds, riyadhDayOf, visitWorkOut } from '@idara/domain';
import { and, asc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cities, customers, equipment, forms, formVersions, visitActions, visits } from '../../db/schema';
import type { CrudKit, RoutesApp } from '../../http/crud';
import { guarded } from '../../http/guarded';
import { answersOf } from './answers';
import { actionOut } from './device-actions';
import { filesOf } from './uploads';

type Row = Record<string, unknown>;
const DAY_MS = 86_400_000;

const byId = <T extends { _id: string }>(rows: T[]) => new Map(rows.map((r) => [r._id, r]));
const groupBy = <T>(rows: T[], key: (r: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const r of rows) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  return groups;
};

/**
 * `GET /api/visit/mine`: the caller's working set — their visits of the coming days (not cancelled,
 * in time order) with everything the phone needs to work them offline: the customer (who, how to
 * reach them, the national address), the equipment, the last done visit there, the checklist, the
 * answers and files so far, and the actions the server has from the phone. One query per kind of
 * thing, whatever the number of visits.
 */
export function registerWorkingSet(app: RoutesApp, kit: CrudKit) {
  app.get(
    '/mine',
    guarded('visit:work', {
      tags: ['visit'],
      querystring: myVisitsQuery,
      response: { 200: visitWorkOut().mineOut },
    }),
    async (req) => {
      const now = new Date();
      const from = riyadhDayBounds(req.query.from ?? riyadhDayOf(now)).start;
      const until = new Date(from.getTime() + req.query.days * DAY_MS);
      const userId = req.user!._id;
      const data = await kit.rows(
        app.db,
        { limit: '0', sort: 'scheduledAt' },
        and(
          sql`${visits.assignees} @> array[${userId}::uuid]`,
          ne(visits.status, 'cancelled'),
          gte(visits.scheduledAt, from),
          lt(visits.scheduledAt, until),
        ),
      );
      return { serverTime: now, visits: await withWhatTheyNeed(app.db, data) } as never;
    },
  );
}

async function withWhatTheyNeed(db: Db, rows: Row[]) {
  if (!rows.length) return [];
  const ids = rows.map((v) => String(v._id));
  const [people, gear, last, checklists, actions, answers, files] = await Promise.all([
    customersOf(db, rows),
    equipmentOf(db, rows),
    lastVisitsOf(db, ids),
    formsOf(db, rows),
    db
      .select()
      .from(visitActions)
      .where(and(inArray(visitActions.visit, ids), eq(visitActions.answerStatus, 200)))
      .orderBy(asc(visitActions.receivedAt)),
    answersOf(db, ids),
    filesOf(db, ids),
  ]);
  const actionsByVisit = groupBy(actions, (a) => a.visit);
  return rows.map((v) => {
    const id = String(v._id);
    return {
      ...v,
      customer: people.get(String(v.customer)),
      equipment: (v.equipment as string[]).flatMap((e) => gear.get(e) ?? []),
      lastVisit: last.get(id) ?? null,
      form: v.form ? (checklists.get(String(v.form)) ?? null) : null,
      answers: answers.get(id) ?? {},
      files: files.get(id) ?? [],
      actions: (actionsByVisit.get(id) ?? []).map(actionOut),
    };
  });
}

async function customersOf(db: Db, rows: Row[]) {
  const ids = [...new Set(rows.map((v) => String(v.customer)))];
  return byId(
    await db
      .select({
        _id: customers._id,
        name: customers.name,
        phoneNumber: customers.phoneNumber,
        whatsappNumber: customers.whatsappNumber,
        buildingNumber: customers.buildingNumber,
        street: customers.street,
        district: customers.district,
        postalCode: customers.postalCode,
        additionalNumber: customers.additionalNumber,
        cityName: cities.name,
      })
      .from(customers)
      .leftJoin(cities, eq(cities._id, customers.city))
      .where(inArray(customers._id, ids)),
  );
}

async function equipmentOf(db: Db, rows: Row[]) {
  const ids = [...new Set(rows.flatMap((v) => v.equipment as string[]))];
  if (!ids.length) return new Map();
  return byId(
    await db
      .select({
        _id: equipment._id,
        name: equipment.name,
        serialNumber: equipment.serialNumber,
        model: equipment.model,
        installedAt: equipment.installedAt,
        warrantyUntil: equipment.warrantyUntil,
        notes: equipment.notes,
      })
      .from(equipment)
      .where(inArray(equipment._id, ids)),
  );
}

/** Each visit's previous done visit for the same customer (and contract, when it has one). */
async function lastVisitsOf(db: Db, ids: string[]) {
  const found = await db.execute(sql`
    select v.id as "for", p.number, p.scheduled_at, p.done_at, p.notes
    from visits v
    cross join lateral (
      select number, scheduled_at, done_at, notes from visits p
      where p.customer_id = v.customer_id and p.status = 'done' and p.scheduled_at < v.scheduled_at
        and (v.customer_contract_id is null or p.customer_contract_id = v.customer_contract_id)
      order by p.scheduled_at desc limit 1
    ) p
    where v.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  const rows = found.rows as {
    for: string;
    number: number;
    scheduled_at: Date;
    done_at: Date | null;
    notes: string;
  }[];
  return new Map(
    rows.map((r) => [
      r.for,
      {
        number: Number(r.number),
        scheduledAt: new Date(r.scheduled_at),
        doneAt: r.done_at ? new Date(r.done_at) : null,
        notes: r.notes,
      },
    ]),
  );
}

/** Each visit's checklist at its current version, as the form builder stores it. */
async function formsOf(db: Db, rows: Row[]) {
  const ids = [...new Set(rows.flatMap((v) => (v.form ? [String(v.form)] : [])))];
  if (!ids.length) return new Map();
  return byId(
    await db
      .select({ _id: forms._id, title: forms.title, version: forms.version, fields: formVersions.fields })
      .from(forms)
      .innerJoin(formVersions, and(eq(formVersions.form, forms._id), eq(formVersions.version, forms.version)))
      .where(inArray(forms._id, ids)),
  );
}
