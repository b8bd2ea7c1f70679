import {
  customerRemindersOut,
  entityNouns,
  fromHalalas,
  messageOut,
  reminderPreviewOut,
} from '@idara/domain';
import { eq } from 'drizzle-orm';
import { customers } from '../../db/schema';
import { notFound } from '../../http/errors';
import { guarded } from '../../http/guarded';
import { actorOf } from '../../http/request-context';
import type { RoutesPlugin } from '../../http/response-contract';
import { idParams } from '../../http/route-params';
import { recordActivity } from '../../lib/activity';
import { loadPlan } from './plan';
import { ruleRoutes } from './rule-routes';
import type { ReminderScheduler } from './scheduler';

const tags = ['reminders'];

/** Reminders for overdue balances (docs/API.md "Reminders"). */
export const reminderRoutes: RoutesPlugin<{ reminders: ReminderScheduler }> = async (app, opts) => {
  await app.register(ruleRoutes);

  app.get('/preview', guarded('report:aging', { tags, response: { 200: reminderPreviewOut } }), async () => {
    const plan = await loadPlan(app.db, opts.reminders.now());
    return {
      today: plan.today,
      friday: plan.friday,
      data: plan.entries.map((e) => ({
        customer: e.customer,
        customerName: e.customerName,
        einvoice: e.einvoice,
        invoiceNumber: e.number,
        open: fromHalalas(e.open),
        daysOverdue: e.daysOverdue,
        rule: e.rule,
        ruleName: e.ruleName,
        occurrence: e.occurrence,
        send: e.send,
        insideWindow: e.insideWindow,
        reason: e.reason,
      })),
    };
  });

  app.get(
    '/customer/:id',
    guarded('customer:details', { tags, params: idParams, response: { 200: customerRemindersOut } }),
    async (req) => {
      const [row] = await app.db
        .select({ remindersStopped: customers.remindersStopped })
        .from(customers)
        .where(eq(customers._id, req.params.id));
      if (!row) throw notFound(entityNouns.customer);
      return row;
    },
  );

  for (const [action, stopped] of [
    ['stop', true],
    ['resume', false],
  ] as const) {
    app.post(
      `/customer/:id/${action}`,
      guarded('customer:update', { tags, params: idParams, response: { 200: messageOut } }),
      async (req) => {
        return app.db.transaction(async (tx) => {
          const [before] = await tx
            .select({
              _id: customers._id,
              name: customers.name,
              remindersStopped: customers.remindersStopped,
            })
            .from(customers)
            .where(eq(customers._id, req.params.id))
            .for('update');
          if (!before) throw notFound(entityNouns.customer);
          await tx
            .update(customers)
            .set({ remindersStopped: stopped, updatedAt: new Date() })
            .where(eq(customers._id, before._id));
          const summary = stopped
            ? `إيقاف تذكيرات الدفع للعميل «${before.name}»`
            : `استئناف تذكيرات الدفع للعميل «${before.name}»`;
          await recordActivity(tx, actorOf(req), {
            action: 'update',
            entity: 'customer',
            entityId: before._id,
            summary,
            before: { remindersStopped: before.remindersStopped },
            after: { remindersStopped: stopped },
          });
          return { message: stopped ? 'أُوقفت التذكيرات لهذا العميل' : 'استؤنفت التذكيرات لهذا العميل' };
        });
      },
    );
  }
};
