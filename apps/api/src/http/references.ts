import { chosenMissingText, type EntityNoun, entityNouns } from '@idara/domain';
import { eq, getTableName } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import {
  cities,
  contracts,
  customers,
  forms,
  governments,
  paymentMethods,
  services,
  users,
} from '../db/schema';
import { fieldError } from './errors';

/**
 * What a record may refer to: the table, its id, and the column that names a record of it. A
 * `ref()` field of a crud entity joins that name into every answer, checks the id exists, filters
 * by it, exports the name, and registers itself so that the referred record cannot be deleted
 * while something refers to it (docs/ARCHITECTURE.md, "Typed resources").
 */
const targets = {
  customer: target(entityNouns.customer, customers),
  city: target(entityNouns.city, cities),
  government: target(entityNouns.government, governments),
  service: target(entityNouns.service, services),
  contract: target(entityNouns.contract, contracts),
  paymentMethod: target(entityNouns.paymentMethod, paymentMethods),
  user: target(entityNouns.user, users),
  form: { noun: entityNouns.form, table: forms, id: forms._id, name: forms.title },
};

/** A table a reference may point at, by its `_id`, named by its `name`. */
function target<T extends PgTable & { _id: PgColumn; name: PgColumn }>(noun: EntityNoun, table: T) {
  return { noun, table, id: table._id, name: table.name };
}

export type RefTarget = keyof typeof targets;

/** One reference field of an entity, as `crudRoutes` uses it. */
export interface RefField {
  /** The body and row field holding the id, e.g. `customer`. */
  field: string;
  /** This table's column holding it. */
  column: PgColumn;
  target: RefTarget;
  /** The answer's field with the referred record's name, e.g. `customerName`. */
  nameField: string;
  /** The referred table under a name of its own (two references to one table stay apart). */
  joined: PgTable;
  joinedName: PgColumn;
  on: ReturnType<typeof eq>;
}

/**
 * `ref('customer', equipment.customer)`: the field is the column's key in the table's definition
 * (given as `field` when it differs), the name field `<field>Name`.
 */
export function ref(target: RefTarget, column: PgColumn, field?: string): RefField {
  const key = field ?? fieldOf(column);
  const t = targets[target];
  const joined = alias(t.table as typeof customers, `${getTableName(column.table)}_${key}`);
  const joinedId = (joined as unknown as Record<string, PgColumn>)[fieldOf(t.id)];
  const joinedName = (joined as unknown as Record<string, PgColumn>)[fieldOf(t.name)];
  return {
    field: key,
    column,
    target,
    nameField: `${key}Name`,
    joined,
    joinedName,
    on: eq(joinedId, column),
  };
}

/** The key a column has in its table's definition (`customers.name` → `name`). */
function fieldOf(column: PgColumn): string {
  const columns = column.table as unknown as Record<string, unknown>;
  const key = Object.keys(columns).find((k) => columns[k] === column);
  if (!key) throw new Error(`ref: column ${column.name} is not a field of its table`);
  return key;
}

/** 422 on the field when the id names no record (the id's form was checked by the body). */
export async function assertRefsExist(tx: Tx, refs: RefField[], values: Record<string, unknown>) {
  for (const r of refs)
    await assertExists(tx, r.target, r.field, values[r.field] as string | null | undefined);
}

/** 422 on `field` («المدينة المختارة غير موجودة») when `id`, if given, names no record of `target`. */
export async function assertExists(tx: Tx, target: RefTarget, field: string, id: string | null | undefined) {
  if (id === null || id === undefined || id === '') return;
  const t = targets[target];
  const [found] = await tx.select({ _id: t.id }).from(t.table).where(eq(t.id, id)).limit(1);
  if (!found) throw fieldError(field, chosenMissingText(t.noun));
}

/** Another table pointing at a record: deleting the record is refused while it does. */
export interface Referrer {
  table: PgTable;
  column: PgColumn;
  /** Arabic plural of what refers, e.g. 'المعدات' → 'لارتباطه بـ 3 من المعدات'. */
  what: string;
}

const referrers = new Map<RefTarget, Referrer[]>();

/** Called by `crudRoutes` for each `ref()` field: the target's delete guard then counts it. */
export function registerReferrer(target: RefTarget, referrer: Referrer) {
  const list = referrers.get(target) ?? [];
  if (!list.some((r) => r.column === referrer.column)) list.push(referrer);
  referrers.set(target, list);
}

/** Every registered table that refers to records of `entity`. */
export function referrersOf(entity: string): Referrer[] {
  return referrers.get(entity as RefTarget) ?? [];
}
