import { normalizeArabic, taskOpenStatuses, taskStatuses } from '@idara/domain';
import { sql } from 'drizzle-orm';
import { customers, forms, orders, tasks, users } from '../../db/schema';
import { filtersOn, listResource } from '../../http/list-parts';

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

export const taskResource = listResource(tasks, taskFields, {
  joins: { assignee: users, order: orders, customer: customers, form: forms },
  // Answers and descriptions are read on the task's own page (and by the submissions export).
  defaultFields: Object.keys(taskFields).filter((k) => k !== 'answers' && k !== 'description'),
  filters: {
    ...filtersOn(tasks, {
      enum: { status: taskStatuses },
      uuid: ['assignee', 'order', 'customer', 'form'],
      date: ['dueAt', 'createdAt'],
    }),
    open: {
      column: tasks.status,
      type: 'boolean',
      where: (v) => sql`(${v}::boolean is not true or ${tasks.status} in (${openList}))`,
    },
  },
});

/** What search matches on a task: its number, title and the customer's name. */
export function taskSearchText(number: number, title: string, customerName?: string | null) {
  return normalizeArabic(`${number} ${title} ${customerName ?? ''}`);
}
