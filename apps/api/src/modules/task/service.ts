import {
  arabicPlural,
  attachmentIds,
  entityNouns,
  type FormField,
  hasAll,
  TASKS,
  type TaskStatus,
  type taskBody,
  taskOpenStatuses,
  taskStatusLabels,
  validateAnswers,
} from '@idara/domain';
import { and, arrayContains, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { customers, forms, orderItems, orders, services, taskFiles, tasks, users } from '../../db/schema';
import { assertFreshVersion, type IfMatch, nextVersion } from '../../http/edit-version';
import { AppError, fieldError, notFound } from '../../http/errors';
import { withJoinsSelect } from '../../http/list-query';
import type { ActorContext } from '../../http/request-context';
import { recordActivity } from '../../lib/activity';
import { nextNumber } from '../../lib/counters';
import type { TaskEvent } from '../../lib/events';
import type { AuthUser } from '../auth/sessions';
import { loadFormVersion } from '../form/service';
import { getSettings } from '../settings/service';
import { taskFields, taskResource, taskSearchText } from './resource';

type TaskInput = z.output<typeof taskBody>;
type Row = Record<string, any>;
export type Viewer = Pick<AuthUser, '_id' | 'permissions'>;

/** Who sees every task (others see the ones given to them): viewers and reviewers. */
export const canSeeAllTasks = (user: Viewer) =>
  hasAll(user.permissions, ['task:details']) || hasAll(user.permissions, ['task:update']);

async function taskRow(db: DbOrTx, id: string) {
  const [row] = (await withJoinsSelect(db, taskResource, taskFields).where(eq(tasks._id, id))) as Row[];
  if (!row) throw notFound(entityNouns.task);
  return row;
}

/** The form version a task shows: the one its answers pinned, else the form's current one. */
async function versionOf(db: DbOrTx, task: Row) {
  if (!task.form) return null;
  let version = task.formVersion as number | null;
  if (version === null) {
    const [form] = await db
      .select({ version: forms.version })
      .from(forms)
      .where(eq(forms._id, String(task.form)));
    if (!form) return null;
    version = form.version;
  }
  const v = await loadFormVersion(db, String(task.form), version);
  return { version: v.version, fields: v.fields };
}

/** A task as its page shows it: fields, the form version, attachments and the review. */
export async function loadTask(db: DbOrTx, id: string) {
  const task = await taskRow(db, id);
  const [formVersion, attachments, review] = [
    await versionOf(db, task),
    await db
      .select({
        _id: taskFiles._id,
        field: taskFiles.field,
        name: taskFiles.name,
        size: taskFiles.size,
        type: taskFiles.type,
      })
      .from(taskFiles)
      .where(eq(taskFiles.task, id))
      .orderBy(asc(taskFiles.createdAt)),
    await db
      .select({ note: tasks.reviewNote, by: tasks.reviewedBy, at: tasks.reviewedAt, byName: users.name })
      .from(tasks)
      .leftJoin(users, eq(users._id, tasks.reviewedBy))
      .where(eq(tasks._id, id)),
  ];
  const r = review[0];
  return { ...task, formVersion, attachments, review: r?.at ? r : null } as Row;
}

/**
 * Segregation of duties (the settings' «فصل المهام», as for payments): whoever did a task and sent
 * it for review does not approve or return it themselves.
 */
async function reviewsOwnWork(db: DbOrTx, user: Viewer, assignee: string) {
  return assignee === user._id && (await getSettings(db)).fourEyes;
}

/** The task if this user may see it: its assignee, or anyone allowed to see every task (else 404). */
export async function viewTask(db: DbOrTx, user: Viewer, id: string) {
  const task = await loadTask(db, id);
  if (task.assignee !== user._id && !canSeeAllTasks(user)) throw notFound(entityNouns.task);
  const status = task.status as TaskStatus;
  return {
    ...task,
    can: {
      work: task.assignee === user._id && taskOpenStatuses.includes(status),
      review:
        hasAll(user.permissions, ['task:update']) &&
        status === 'submitted' &&
        !(await reviewsOwnWork(db, user, String(task.assignee))),
      edit: hasAll(user.permissions, ['task:update']) && status !== 'approved',
    },
  } as Row;
}

function snapshot(task: Row) {
  const keep = [
    'number',
    'title',
    'description',
    'status',
    'assigneeName',
    'dueAt',
    'orderNumber',
    'customerName',
    'formTitle',
  ];
  return Object.fromEntries(keep.map((k) => [k, task[k] ?? null]));
}

async function checkAssignee(tx: Tx, id: string) {
  const [user] = await tx
    .select({ _id: users._id, active: users.active, permissions: users.permissions })
    .from(users)
    .where(eq(users._id, id));
  if (!user) throw fieldError('assignee', 'الموظف المختار غير موجود');
  if (!user.active) throw fieldError('assignee', 'الموظف المختار غير مفعّل');
  if (!user.permissions.includes('task:read'))
    throw fieldError('assignee', 'الموظف المختار لا يملك صلاحية عرض المهام');
}

/** Checks the links and fills the customer from the order when it is left empty. */
async function resolveLinks(tx: Tx, input: TaskInput, currentForm?: string | null) {
  await checkAssignee(tx, input.assignee);
  let customer = input.customer;
  let customerName: string | null = null;
  if (input.order) {
    const [order] = await tx
      .select({ customer: orders.customer })
      .from(orders)
      .where(eq(orders._id, input.order));
    if (!order) throw fieldError('order', 'الطلب المختار غير موجود');
    if (customer && customer !== order.customer) throw fieldError('customer', 'العميل لا يطابق عميل الطلب');
    customer = order.customer;
  }
  if (customer) {
    const [c] = await tx.select({ name: customers.name }).from(customers).where(eq(customers._id, customer));
    if (!c) throw fieldError('customer', 'العميل المختار غير موجود');
    customerName = c.name;
  }
  if (input.form && input.form !== currentForm) {
    const [form] = await tx.select({ active: forms.active }).from(forms).where(eq(forms._id, input.form));
    if (!form) throw fieldError('form', 'النموذج المختار غير موجود');
    if (!form.active) throw fieldError('form', 'النموذج المختار موقوف');
  }
  return { customer, customerName };
}

/** What a task's body sets on its row, with the customer its links resolved to. */
const taskColumns = (input: TaskInput, customer: string | null | undefined) => ({
  title: input.title,
  description: input.description,
  assignee: input.assignee,
  dueAt: input.dueAt ? new Date(input.dueAt) : null,
  order: input.order,
  customer,
  form: input.form,
});

export async function createTask(tx: Tx, actor: ActorContext, input: TaskInput) {
  const { customer, customerName } = await resolveLinks(tx, input);
  const number = await nextNumber(tx, 'task');
  const [row] = await tx
    .insert(tasks)
    .values({
      number,
      ...taskColumns(input, customer),
      createdBy: actor.actorId,
      searchText: taskSearchText(number, input.title, customerName),
    })
    .returning({ _id: tasks._id });
  const task = await taskRow(tx, row._id);
  await recordActivity(tx, actor, {
    action: 'create',
    entity: 'task',
    entityId: row._id,
    summary: `إضافة المهمة رقم ${number} «${input.title}» وإسنادها إلى ${task.assigneeName}`,
    after: snapshot(task),
  });
  return task;
}

async function lockTask(tx: Tx, id: string) {
  const [row] = await tx.select().from(tasks).where(eq(tasks._id, id)).for('update');
  if (!row) throw notFound(entityNouns.task);
  return row;
}

export async function updateTask(
  tx: Tx,
  actor: ActorContext,
  id: string,
  input: TaskInput,
  ifMatch?: IfMatch,
) {
  const locked = await lockTask(tx, id);
  await assertFreshVersion(tx, ifMatch, { entity: 'task', entityId: id, current: locked.version });
  if (locked.status === 'approved')
    throw new AppError(409, `لا يمكن تعديل المهمة رقم ${locked.number} بعد اعتمادها`);
  if (input.form !== locked.form && locked.formVersion !== null)
    throw fieldError('form', 'لا يمكن تغيير نموذج مهمة بدأت تعبئته');
  const before = await taskRow(tx, id);
  const { customer, customerName } = await resolveLinks(tx, input, locked.form);
  await tx
    .update(tasks)
    .set({
      ...taskColumns(input, customer),
      searchText: taskSearchText(locked.number, input.title, customerName),
      version: nextVersion(tasks.version),
      updatedAt: new Date(),
    })
    .where(eq(tasks._id, id));
  const after = await taskRow(tx, id);
  await recordActivity(tx, actor, {
    action: 'update',
    entity: 'task',
    entityId: id,
    summary: `تعديل المهمة رقم ${locked.number}`,
    before: snapshot(before),
    after: snapshot(after),
  });
  return { task: after, reassigned: locked.assignee !== input.assignee };
}

/** Gives several open tasks to one employee: all of them or none. */
export async function assignTasks(tx: Tx, actor: ActorContext, ids: string[], assignee: string) {
  await checkAssignee(tx, assignee);
  const unique = [...new Set(ids)];
  const rows = await tx.select().from(tasks).where(inArray(tasks._id, unique)).for('update');
  if (rows.length !== unique.length) throw notFound({ noun: 'إحدى المهام', gender: 'f' });
  const closed = rows.find((r) => !taskOpenStatuses.includes(r.status as TaskStatus));
  if (closed)
    throw new AppError(
      409,
      `لا يمكن إعادة إسناد المهمة رقم ${closed.number} وهي «${taskStatusLabels[closed.status as TaskStatus]}»`,
    );
  const moved = rows.filter((r) => r.assignee !== assignee);
  if (moved.length) {
    await tx
      .update(tasks)
      // The assignee is also in the task's PUT body: an edit from before this must meet a 412.
      .set({ assignee, version: nextVersion(tasks.version), updatedAt: new Date() })
      .where(
        inArray(
          tasks._id,
          moved.map((r) => r._id),
        ),
      );
  }
  const [user] = await tx.select({ name: users.name }).from(users).where(eq(users._id, assignee));
  await recordActivity(tx, actor, {
    action: 'update',
    entity: 'task',
    // One task: its id, so its timeline and an edit conflict on it name this reassignment.
    ...(unique.length === 1 ? { entityId: unique[0] } : {}),
    summary: `إسناد ${arabicPlural(unique.length, TASKS)} إلى ${user.name} (${rows.map((r) => r.number).join('، ')})`,
    after: { assignee: user.name, tasks: rows.map((r) => r.number) },
  });
  return moved.map((r) => ({ taskId: r._id, number: r.number, title: r.title }));
}

export async function lockForWork(tx: Tx, user: Viewer, id: string) {
  const locked = await lockTask(tx, id);
  if (locked.assignee !== user._id) {
    if (canSeeAllTasks(user)) throw new AppError(403, 'تعبئة المهمة للموظف المسندة إليه فقط');
    throw notFound(entityNouns.task);
  }
  if (!taskOpenStatuses.includes(locked.status as TaskStatus))
    throw new AppError(
      409,
      `المهمة رقم ${locked.number} «${taskStatusLabels[locked.status as TaskStatus]}» ولا تقبل التعديل`,
    );
  return locked;
}

export async function startTask(tx: Tx, actor: ActorContext, user: Viewer, id: string) {
  const locked = await lockForWork(tx, user, id);
  if (locked.status !== 'in_progress') {
    await tx
      .update(tasks)
      .set({ status: 'in_progress', startedAt: locked.startedAt ?? new Date(), updatedAt: new Date() })
      .where(eq(tasks._id, id));
    await recordActivity(tx, actor, {
      action: 'update',
      entity: 'task',
      entityId: id,
      summary: `بدء العمل على المهمة رقم ${locked.number}`,
      before: { status: locked.status },
      after: { status: 'in_progress' },
    });
  }
  return viewTask(tx, user, id);
}

/** The version answers are checked against; pinned on the task the first time it is answered. */
export async function pinVersion(tx: Tx, task: typeof tasks.$inferSelect) {
  if (!task.form) return { version: null, fields: [] as FormField[] };
  let version = task.formVersion;
  if (version === null) {
    const [form] = await tx.select({ version: forms.version }).from(forms).where(eq(forms._id, task.form));
    version = form.version;
    await tx.update(tasks).set({ formVersion: version }).where(eq(tasks._id, task._id));
  }
  const { fields } = await loadFormVersion(tx, task.form, version);
  return { version, fields };
}

const prefixed = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [`answers.${k}`, v]));

/**
 * Saves the assignee's answers: a draft (types checked, required fields may wait) or a submission
 * (everything checked). File answers must be files uploaded to this task for that field.
 */
export async function saveAnswers(
  tx: Tx,
  actor: ActorContext,
  user: Viewer,
  id: string,
  input: Record<string, unknown>,
  submit: boolean,
) {
  const locked = await lockForWork(tx, user, id);
  const { fields } = await pinVersion(tx, locked);
  const { answers, fieldErrors } = validateAnswers(fields, input, !submit);
  const fileIds = attachmentIds(fields, answers);
  if (fileIds.length) {
    const files = await tx
      .select({ _id: taskFiles._id, field: taskFiles.field })
      .from(taskFiles)
      .where(and(eq(taskFiles.task, id), inArray(taskFiles._id, fileIds)));
    const known = new Map(files.map((f) => [f._id, f.field]));
    for (const f of fields) {
      const value = answers[f.key];
      if (typeof value === 'string' && fileIds.includes(value) && known.get(value) !== f.key)
        fieldErrors[f.key] = 'المرفق غير موجود، ارفعه من جديد';
    }
  }
  if (Object.keys(fieldErrors).length) {
    const errors = prefixed(fieldErrors);
    throw new AppError(
      422,
      submit ? 'أكمل الحقول المطلوبة وصحّح الأخطاء قبل الإرسال' : 'تحقق من الحقول المحددة',
      {
        errors: [...new Set(Object.values(fieldErrors))],
        fieldErrors: errors,
      },
    );
  }
  const status: TaskStatus = submit ? 'submitted' : 'in_progress';
  const now = new Date();
  await tx
    .update(tasks)
    .set({
      answers,
      status,
      startedAt: locked.startedAt ?? now,
      ...(submit ? { submittedAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(tasks._id, id));
  if (submit) {
    // Files replaced while filling are no longer answers; they leave with the submission.
    const keep = attachmentIds(fields, answers);
    await tx
      .delete(taskFiles)
      .where(
        keep.length ? and(eq(taskFiles.task, id), notInArray(taskFiles._id, keep)) : eq(taskFiles.task, id),
      );
  }
  await recordActivity(tx, actor, {
    action: 'update',
    entity: 'task',
    entityId: id,
    summary: submit ? `إرسال المهمة رقم ${locked.number} للمراجعة` : `حفظ مسودة المهمة رقم ${locked.number}`,
    before: { status: locked.status },
    after: { status, answered: Object.keys(answers).length },
  });
  return viewTask(tx, user, id);
}

export async function reviewTask(
  tx: Tx,
  actor: ActorContext,
  user: Viewer,
  id: string,
  decision: 'approve' | 'return',
  note: string,
) {
  const locked = await lockTask(tx, id);
  if (locked.status !== 'submitted')
    throw new AppError(
      409,
      `لا يمكن مراجعة المهمة رقم ${locked.number} وهي «${taskStatusLabels[locked.status as TaskStatus]}»`,
    );
  if (await reviewsOwnWork(tx, user, locked.assignee))
    throw new AppError(403, 'لا تراجع مهمة أرسلتها بنفسك: يعتمدها أو يعيدها زميل آخر');
  const status: TaskStatus = decision === 'approve' ? 'approved' : 'returned';
  const now = new Date();
  await tx
    .update(tasks)
    .set({ status, reviewNote: note, reviewedBy: actor.actorId, reviewedAt: now, updatedAt: now })
    .where(eq(tasks._id, id));
  await recordActivity(tx, actor, {
    action: 'update',
    entity: 'task',
    entityId: id,
    summary:
      decision === 'approve'
        ? `اعتماد المهمة رقم ${locked.number}`
        : `إعادة المهمة رقم ${locked.number} للتعديل: ${note}`,
    before: { status: locked.status },
    after: { status, reviewNote: note || null },
  });
  return { task: await viewTask(tx, user, id), locked };
}

export async function deleteTask(tx: Tx, actor: ActorContext, id: string) {
  const locked = await lockTask(tx, id);
  const before = await taskRow(tx, id);
  await tx.delete(tasks).where(eq(tasks._id, id));
  await recordActivity(tx, actor, {
    action: 'delete',
    entity: 'task',
    entityId: id,
    summary: `حذف المهمة رقم ${locked.number} «${locked.title}»`,
    before: snapshot(before),
  });
  return locked.number;
}

/** Who reviews submitted tasks: the task's creator and every active user allowed to update tasks. */
export async function reviewersOf(db: DbOrTx, createdBy: string | null, exceptId: string | null) {
  const rows = await db
    .select({ _id: users._id })
    .from(users)
    .where(and(eq(users.active, true), arrayContains(users.permissions, ['task:update'])));
  const ids = new Set(rows.map((r) => r._id));
  if (createdBy) ids.add(createdBy);
  if (exceptId) ids.delete(exceptId);
  return [...ids];
}

export function taskEvent(task: Row, recipients: (string | null)[], actorId: string | null): TaskEvent {
  return {
    taskId: String(task._id ?? task.taskId),
    number: Number(task.number),
    title: String(task.title),
    recipients: [...new Set(recipients.filter((r): r is string => Boolean(r) && r !== actorId))],
    actorId,
  };
}

/**
 * An order's tasks: for each assignee, one task per service line whose service carries an active
 * form. Runs in the order's own transaction, so the order and its tasks land together or not at all.
 */
/**
 * The tasks an order's services ask for: one per assignee and per service whose form is active.
 * Made when the order is created with «إنشاء المهام», and again when it starts (بدء التنفيذ) for
 * whatever is still missing — so a service's form always reaches its technicians by the start.
 */
export async function createTasksForOrder(
  tx: Tx,
  actor: ActorContext,
  order: Row,
  { onStart = false }: { onStart?: boolean } = {},
) {
  let assignees = (order.assignees as string[]) ?? [];
  if (assignees.length === 0) return [];
  const people = await tx
    .select({ _id: users._id, name: users.name, permissions: users.permissions })
    .from(users)
    .where(inArray(users._id, assignees));
  const unable = people.find((p) => !p.permissions.includes('task:read'));
  // Starting the order is not refused for that: only those who can see tasks get one.
  if (onStart) assignees = people.filter((p) => p.permissions.includes('task:read')).map((p) => p._id);
  else if (unable)
    throw fieldError('assignees', `الموظف ${unable.name} لا يملك صلاحية عرض المهام، فلا تُسند إليه مهمة`);
  const lines = await tx
    .selectDistinctOn([orderItems.service], {
      service: orderItems.service,
      name: services.name,
      form: services.form,
    })
    .from(orderItems)
    .innerJoin(services, eq(services._id, orderItems.service))
    .innerJoin(forms, and(eq(forms._id, services.form), eq(forms.active, true)))
    .where(eq(orderItems.order, String(order._id)))
    .orderBy(orderItems.service);
  // Run again when the order starts: a person who already has this form's task keeps that one.
  const existing = new Set(
    (
      await tx
        .select({ assignee: tasks.assignee, form: tasks.form })
        .from(tasks)
        .where(eq(tasks.order, String(order._id)))
    ).map((t) => `${t.assignee}/${t.form}`),
  );
  const created: Row[] = [];
  for (const assignee of assignees) {
    for (const line of lines) {
      if (existing.has(`${assignee}/${line.form}`)) continue;
      created.push(
        await createTask(tx, actor, {
          title: `${line.name} — الطلب رقم ${order.number}`,
          description: String(order.notes ?? ''),
          assignee,
          dueAt: order.scheduledAt ? new Date(order.scheduledAt as string).toISOString() : null,
          order: String(order._id),
          customer: String(order.customer),
          form: line.form,
        }),
      );
    }
  }
  return created;
}
