import { normalizeArabic, taskOpenStatuses, taskStatuses } from '@idara/domain';
import { eq, sql } from 'drizzle-orm';
import { customers, forms, orders, tasks, users } from '../../db/schema';
import type { ListResource } from '../../http/list-query';

export const taskFields = {
  _id: tasks._id,
  number: tasks.number,
  version: tasks.version,
  title: tasks.title,
  description: tasks.description,
  status: tasks.status,
  assignee: tasks.assignee,
  assigneeName: users.name,
  dueAt: tasks.dueAt,
  order: tasks.order,
  orderNumber: orders.number,
  customer: tasks.customer,
  customerName: customers.name,
  form: tasks.form,
  formTitle: forms.title,
  formVersion: tasks.formVersion,
  answers: tasks.answers,
  startedAt: tasks.startedAt,
  submittedAt: tasks.submittedAt,
  reviewedAt: tasks.reviewedAt,
  createdBy: tasks.createdBy,
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
};

const openList = sql.raw(taskOpenStatuses.map((s) => `'${s}'`).join(','));

export const taskResource: ListResource = {
  table: tasks,
  joins: [
    { table: users, on: eq(tasks.assignee, users._id) },
    { table: orders, on: eq(tasks.order, orders._id) },
    { table: customers, on: eq(tasks.customer, customers._id) },
    { table: forms, on: eq(tasks.form, forms._id) },
  ],
  fields: taskFields,
  // Answers and descriptions are read on the task's own page (and by the submissions export).
  defaultFields: Object.keys(taskFields).filter((k) => k !== 'answers' && k !== 'description'),
  filters: {
    status: { column: tasks.status, type: 'enum', values: taskStatuses },
    assignee: { column: tasks.assignee, type: 'uuid' },
    order: { column: tasks.order, type: 'uuid' },
    customer: { column: tasks.customer, type: 'uuid' },
    form: { column: tasks.form, type: 'uuid' },
    dueAt: { column: tasks.dueAt, type: 'date' },
    createdAt: { column: tasks.createdAt, type: 'date' },
    open: {
      column: tasks.status,
      type: 'boolean',
      where: (v) => sql`(${v}::boolean is not true or ${tasks.status} in (${openList}))`,
    },
  },
  searchColumn: tasks.searchText,
  defaultSort: '-createdAt',
};

/** What search matches on a task: its number, title and the customer's name. */
export function taskSearchText(number: number, title: string, customerName?: string | null) {
  return normalizeArabic(`${number} ${title} ${customerName ?? ''}`);
}
