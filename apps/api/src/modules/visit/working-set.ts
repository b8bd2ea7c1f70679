import { myVisitsQuery, riyadhDayBounds, riyadhDayOf, visitStatuses, visitWorkOut } from '@idara/domain';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { compiledStatement } from '../../db/fast-query';
import { cities, customers, equipment, forms, formVersions, visitActions, visits } from '../../db/schema';
import type { CrudKit, RoutesApp } from '../../http/crud';
import { guarded } from '../../http/guarded';
import { answersOf } from './answers';
import { actionOut } from './device-actions';
import { filesOf } from './uploads';

type Row = Record<string, unknown>;
const DAY_MS = 86_400_000;
const NOT_CANCELLED = visitStatuses.filter((s) => s !== 'cancelled').join(',');

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
      // As a list query, so the statement is compiled once (`kit.rows` without a condition of its own).
      const data = await kit.rows(app.db, {
        limit: '0',
        sort: 'scheduledAt',
        assignee: req.user!._id,
        status: NOT_CANCELLED,
        scheduledAtFrom: from.toISOString(),
        scheduledAtTo: new Date(until.getTime() - 1).toISOString(),
      });
      return { serverTime: now, visits: await withWhatTheyNeed(app.db, data) } as never;
    },
  );
}

async function withWhatTheyNeed(db: Db, rows: Row[]) {
  if (!rows.length) return [];
  const ids = rows.map((v) => String(v._id));
  const unique = (values: unknown[]) => [...new Set(values.map(String))];
  const formIds = unique(rows.flatMap((v) => (v.form ? [v.form] : [])));
  const gearIds = unique(rows.flatMap((v) => v.equipment as string[]));
  const [people, gear, last, checklists, actions, answers, files] = await Promise.all([
    customersOf(db, { ids: unique(rows.map((v) => v.customer)) }),
    gearIds.length ? equipmentOf(db, { ids: gearIds }) : [],
    lastVisitsOf(db, { ids }),
    formIds.length ? formsOf(db, { ids: formIds }) : [],
    actionsOf(db, { ids }),
    answersOf(db, ids),
    filesOf(db, ids),
  ]);
  const peopleById = byId(people);
  const gearById = byId(gear);
  const lastByVisit = new Map(last.map(({ visit, ...previous }) => [visit, previous]));
  const formsById = byId(checklists);
  const actionsByVisit = groupBy(actions, (a) => a.visit);
  return rows.map((v) => {
    const id = String(v._id);
    return {
      ...v,
      customer: peopleById.get(String(v.customer)),
      equipment: (v.equipment as string[]).flatMap((e) => gearById.get(e) ?? []),
      lastVisit: lastByVisit.get(id) ?? null,
      form: v.form ? (formsById.get(String(v.form)) ?? null) : null,
      answers: answers.get(id) ?? {},
      files: files.get(id) ?? [],
      actions: (actionsByVisit.get(id) ?? []).map(actionOut),
    };
  });
}

/** `column = any($ids)`: one statement for any number of ids, compiled once. */
const anyOf = (column: AnyPgColumn) => sql`${column} = any(${sql.placeholder('ids')}::uuid[])`;

const person = {
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
};
const customersOf = compiledStatement(person, (db) =>
  db
    .select(person)
    .from(customers)
    .leftJoin(cities, eq(cities._id, customers.city))
    .where(anyOf(customers._id)),
);

const unit = {
  _id: equipment._id,
  name: equipment.name,
  serialNumber: equipment.serialNumber,
  model: equipment.model,
  installedAt: equipment.installedAt,
  warrantyUntil: equipment.warrantyUntil,
  notes: equipment.notes,
};
const equipmentOf = compiledStatement(unit, (db) =>
  db.select(unit).from(equipment).where(anyOf(equipment._id)),
);

/** Each visit's previous done visit for the same customer (and contract, when it has one). */
const previousVisit = alias(visits, 'previous');
const previous = {
  visit: visits._id,
  number: previousVisit.number,
  scheduledAt: previousVisit.scheduledAt,
  doneAt: previousVisit.doneAt,
  notes: previousVisit.notes,
};
const lastVisitsOf = compiledStatement(previous, (db) =>
  db
    .select(previous)
    .from(visits)
    .innerJoin(
      previousVisit,
      eq(
        previousVisit._id,
        sql`(select p.id from ${visits} p
          where p.customer_id = ${visits.customer} and p.status = 'done' and p.scheduled_at < ${visits.scheduledAt}
            and (${visits.customerContract} is null or p.customer_contract_id = ${visits.customerContract})
          order by p.scheduled_at desc limit 1)`,
      ),
    )
    .where(anyOf(visits._id)),
);

/** Each visit's checklist at its current version, as the form builder stores it. */
const checklist = { _id: forms._id, title: forms.title, version: forms.version, fields: formVersions.fields };
const formsOf = compiledStatement(checklist, (db) =>
  db
    .select(checklist)
    .from(forms)
    .innerJoin(formVersions, and(eq(formVersions.form, forms._id), eq(formVersions.version, forms.version)))
    .where(anyOf(forms._id)),
);

/** The actions the server applied, in the order it took them. */
const applied = getTableColumns(visitActions);
const actionsOf = compiledStatement(applied, (db) =>
  db
    .select(applied)
    .from(visitActions)
    .where(and(anyOf(visitActions.visit), eq(visitActions.answerStatus, 200)))
    .orderBy(asc(visitActions.receivedAt)),
);
