import {
  arabicPlural,
  type FormField,
  type formBody,
  formFieldTypeLabels,
  normalizeArabic,
  SERVICES,
  TASKS,
} from '@idara/domain';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { forms, formVersions, services, tasks } from '../../db/schema';
import { assertFreshVersion, type IfMatch, nextVersion } from '../../http/edit-version';
import { AppError, notFound } from '../../http/errors';
import { referrersOf } from '../../http/references';
import type { ActorContext } from '../../http/request-context';
import { recordActivity } from '../../lib/activity';
import { formFields } from './resource';

type FormInput = z.output<typeof formBody>;
type Row = Record<string, any>;

/** Tasks that answered (saved or submitted answers to) a version of a form. */
async function answeredCount(db: DbOrTx, formId: string, version: number) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(tasks)
    .where(and(eq(tasks.form, formId), eq(tasks.formVersion, version)));
  return n;
}

/** Number of tasks using each form (the list's taskCount column). */
export async function taskCounts(db: DbOrTx, formIds: string[]) {
  if (formIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ form: tasks.form, n: count() })
    .from(tasks)
    .where(inArray(tasks.form, formIds))
    .groupBy(tasks.form);
  return new Map(rows.map((r) => [String(r.form), r.n]));
}

export async function loadFormVersion(db: DbOrTx, formId: string, version: number) {
  const [row] = await db
    .select({ version: formVersions.version, fields: formVersions.fields, createdAt: formVersions.createdAt })
    .from(formVersions)
    .where(and(eq(formVersions.form, formId), eq(formVersions.version, version)));
  if (!row) throw notFound('إصدار النموذج');
  return row;
}

/** A form with its current version's fields and how many tasks answered it. */
export async function loadForm(db: DbOrTx, id: string) {
  const [form] = (await db.select(formFields).from(forms).where(eq(forms._id, id))) as Row[];
  if (!form) throw notFound('النموذج');
  const { fields } = await loadFormVersion(db, id, Number(form.version));
  // One pass over the form's tasks: all of them, those that answered any version, the current one.
  const [counts] = await db
    .select({
      taskCount: count(),
      submissionCount: sql<number>`(count(*) filter (where ${tasks.formVersion} is not null))::int`,
      current: sql<number>`(count(*) filter (where ${tasks.formVersion} = ${Number(form.version)}))::int`,
    })
    .from(tasks)
    .where(eq(tasks.form, id));
  const { taskCount, submissionCount } = counts;
  // Saving makes a new version only when the current one has answers.
  const currentVersionAnswered = counts.current > 0;
  return { ...form, fields, submissionCount, currentVersionAnswered, taskCount } as Row & {
    fields: FormField[];
  };
}

function snapshot(form: Row, fields: FormField[]) {
  return {
    title: form.title,
    description: form.description,
    active: form.active,
    version: form.version,
    fields: fields
      .map((f) => `${f.label} (${formFieldTypeLabels[f.type]}${f.required ? '، مطلوب' : ''})`)
      .join('، '),
  };
}

const answerable = (fields: FormField[]) => fields.filter((f) => f.type !== 'section').length;

export async function createForm(tx: Tx, actor: ActorContext, input: FormInput, summaryVerb = 'إضافة') {
  const [row] = await tx
    .insert(forms)
    .values({
      title: input.title,
      description: input.description,
      active: input.active,
      version: 1,
      fieldCount: answerable(input.fields),
      createdBy: actor.actorId,
      searchText: normalizeArabic(`${input.title} ${input.description}`),
    })
    .returning({ _id: forms._id });
  await tx.insert(formVersions).values({ form: row._id, version: 1, fields: input.fields });
  const form = await loadForm(tx, row._id);
  await recordActivity(tx, actor, {
    action: 'create',
    entity: 'form',
    entityId: row._id,
    summary: `${summaryVerb} النموذج «${input.title}»`,
    after: snapshot(form, input.fields),
  });
  return form;
}

async function lockForm(tx: Tx, id: string) {
  const [row] = await tx.select().from(forms).where(eq(forms._id, id)).for('update');
  if (!row) throw notFound('النموذج');
  return row;
}

/**
 * Saves a form. When a task has answered the current version, the edit becomes a new version so
 * that task keeps rendering (and exporting) exactly what it answered.
 */
export async function updateForm(
  tx: Tx,
  actor: ActorContext,
  id: string,
  input: FormInput,
  ifMatch?: IfMatch,
) {
  const locked = await lockForm(tx, id);
  await assertFreshVersion(tx, ifMatch, { entity: 'form', entityId: id, current: locked.rowVersion });
  const before = await loadFormVersion(tx, id, locked.version);
  const answered = await answeredCount(tx, id, locked.version);
  const version = answered > 0 ? locked.version + 1 : locked.version;
  if (answered > 0) {
    await tx.insert(formVersions).values({ form: id, version, fields: input.fields });
  } else {
    await tx
      .update(formVersions)
      .set({ fields: input.fields })
      .where(and(eq(formVersions.form, id), eq(formVersions.version, version)));
  }
  await tx
    .update(forms)
    .set({
      title: input.title,
      description: input.description,
      active: input.active,
      version,
      rowVersion: nextVersion(forms.rowVersion),
      fieldCount: answerable(input.fields),
      searchText: normalizeArabic(`${input.title} ${input.description}`),
      updatedAt: new Date(),
    })
    .where(eq(forms._id, id));
  const form = await loadForm(tx, id);
  await recordActivity(tx, actor, {
    action: 'update',
    entity: 'form',
    entityId: id,
    summary:
      version !== locked.version
        ? `تعديل النموذج «${input.title}» (الإصدار ${version})`
        : `تعديل النموذج «${input.title}»`,
    before: snapshot(locked, before.fields),
    after: snapshot(form, input.fields),
  });
  return form;
}

export async function duplicateForm(tx: Tx, actor: ActorContext, id: string) {
  const source = await loadForm(tx, id);
  const title = `نسخة من ${source.title}`.slice(0, 150);
  return createForm(
    tx,
    actor,
    { title, description: String(source.description), active: Boolean(source.active), fields: source.fields },
    'نسخ',
  );
}

export async function setFormActive(tx: Tx, actor: ActorContext, id: string, active: boolean) {
  const locked = await lockForm(tx, id);
  // `active` is also in the builder's PUT body: a save from before this toggle must meet a 412.
  await tx
    .update(forms)
    .set({ active, rowVersion: nextVersion(forms.rowVersion), updatedAt: new Date() })
    .where(eq(forms._id, id));
  await recordActivity(tx, actor, {
    action: 'update',
    entity: 'form',
    entityId: id,
    summary: `${active ? 'تفعيل' : 'إيقاف'} النموذج «${locked.title}»`,
    before: { active: locked.active },
    after: { active },
  });
  return loadForm(tx, id);
}

export async function deleteForm(tx: Tx, actor: ActorContext, id: string) {
  const locked = await lockForm(tx, id);
  const [[{ n: taskCount }], [{ n: serviceCount }]] = await Promise.all([
    tx.select({ n: count() }).from(tasks).where(eq(tasks.form, id)),
    tx.select({ n: count() }).from(services).where(eq(services.form, id)),
  ]);
  if (taskCount > 0 || serviceCount > 0) {
    const uses = [
      taskCount ? arabicPlural(taskCount, TASKS) : '',
      serviceCount ? arabicPlural(serviceCount, SERVICES) : '',
    ]
      .filter(Boolean)
      .join(' و');
    throw new AppError(
      409,
      `لا يمكن حذف النموذج «${locked.title}» لاستخدامه في ${uses}؛ يمكنك إيقافه بدلاً من ذلك`,
    );
  }
  for (const ref of referrersOf('form')) {
    const [{ n }] = await tx.select({ n: count() }).from(ref.table).where(eq(ref.column, id));
    if (n > 0)
      throw new AppError(409, `لا يمكن حذف النموذج «${locked.title}» لارتباطه بـ ${n} من ${ref.what}`);
  }
  const { fields } = await loadFormVersion(tx, id, locked.version);
  await tx.delete(forms).where(eq(forms._id, id));
  await recordActivity(tx, actor, {
    action: 'delete',
    entity: 'form',
    entityId: id,
    summary: `حذف النموذج «${locked.title}»`,
    before: snapshot(locked, fields),
  });
  return String(locked.title);
}
