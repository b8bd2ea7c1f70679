import {
  formatSaudiPhoneLocal,
  hasAll,
  messageOut,
  orderBody,
  orderCreatedOut,
  orderListOut,
  orderOut,
  orderStatusBody,
  orderStatusLabels,
  orderTotalsOut,
  receivableKeys,
  receivableLabels,
} from '@idara/domain';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { orders } from '../../db/schema';
import { AppError } from '../../http/errors';
import { labelColumn } from '../../http/export';
import { registerExportRoute } from '../../http/export-route';
import { guarded } from '../../http/guarded';
import { runList } from '../../http/list-query';
import { moneyTotals } from '../../http/list-totals';
import { registerDetailsRoute, registerEditRoute } from '../../http/record-routes';
import { actorOf } from '../../http/request-context';
import type { RoutesPlugin } from '../../http/response-contract';
import { idParams } from '../../http/route-params';
import { createTasksForOrder, taskEvent } from '../task/service';
import { orderResource } from './resource';
import { changeOrderStatus, createOrder, deleteOrder, loadOrder, updateOrder } from './service';

const tags = ['order'];

export const orderRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/',
    guarded('order:read', { tags, response: { 200: orderListOut } }),
    async (req) =>
      runList(app.db, orderResource, req.query as Record<string, unknown>) as Promise<
        z.input<typeof orderListOut>
      >,
  );

  // The receivable figures (packages/domain receivables.ts) summed over every order the list's
  // filters select: a customer's balance is `?customer=<id>`. Apart from the list, which stays cheap.
  app.get('/totals', guarded('order:read', { tags, response: { 200: orderTotalsOut } }), async (req) => {
    const sum = (column: AnyPgColumn) => sql`coalesce(sum(${column}), 0)`;
    const { count, ...money } = await moneyTotals(
      app.db,
      orderResource,
      req.query as Record<string, unknown>,
      {
        total: sum(orders.total),
        invoiced: sum(orders.invoiced),
        paid: sum(orders.paid),
        pending: sum(orders.pending),
        outstanding: sum(orders.outstanding),
        uninvoiced: sum(orders.uninvoiced),
      },
    );
    return { count, ...money } as z.input<typeof orderTotalsOut>;
  });

  registerExportRoute(app, {
    entity: 'order',
    permission: 'order:read',
    resource: orderResource,
    export: {
      fileName: 'الطلبات',
      pdf: true,
      columns: () => [
        { key: 'number', header: 'رقم الطلب', type: 'number' },
        { key: 'customerName', header: 'العميل', width: 28 },
        {
          key: 'customerPhone',
          header: 'الجوال',
          type: 'phone',
          value: (r) => (r.customerPhone ? formatSaudiPhoneLocal(String(r.customerPhone)) : ''),
        },
        { key: 'cityName', header: 'المدينة' },
        labelColumn('status', 'الحالة', orderStatusLabels),
        { key: 'subtotal', header: 'المجموع (ر.س)', type: 'money', total: true },
        { key: 'discount', header: 'الخصم (ر.س)', type: 'money', total: true },
        { key: 'taxAmount', header: 'الضريبة (ر.س)', type: 'money', total: true },
        { key: 'total', header: 'الإجمالي (ر.س)', type: 'money', total: true },
        ...receivableKeys.map((key) => ({
          key,
          header: `${receivableLabels[key]} (ر.س)`,
          type: 'money' as const,
          total: true,
        })),
        { key: 'scheduledAt', header: 'موعد التنفيذ', type: 'datetime' },
        { key: 'createdAt', header: 'تاريخ الطلب', type: 'datetime' },
      ],
    },
  });

  registerDetailsRoute(app, 'order:details', { tags, answer: orderOut, load: loadOrder });

  app.post(
    '/',
    guarded('order:create', { tags, body: orderBody, response: { 201: orderCreatedOut } }),
    async (req, reply) => {
      const actor = actorOf(req);
      if (req.body.createTasks && !hasAll(req.user!.permissions, ['task:create']))
        throw new AppError(403, 'إنشاء مهام الطلب يحتاج صلاحية إضافة المهام');
      const { order, tasks } = await app.db.transaction(async (tx) => {
        const created = await createOrder(tx, actor, req.body);
        return {
          order: created,
          tasks: req.body.createTasks ? await createTasksForOrder(tx, actor, created) : [],
        };
      });
      for (const task of tasks)
        app.events.emit('task.assigned', taskEvent(task, [task.assignee], actor.actorId));
      app.events.emit('order.created', {
        orderId: String(order._id),
        number: Number(order.number),
        customerName: String(order.customerName),
        actorId: req.user?._id ?? null,
      });
      return reply.status(201).send({ ...(order as z.input<typeof orderOut>), tasksCreated: tasks.length });
    },
  );

  registerEditRoute(app, 'order:update', { tags, body: orderBody, answer: orderOut, edit: updateOrder });

  app.post(
    '/:id/status',
    guarded('order:update', { tags, params: idParams, body: orderStatusBody, response: { 200: orderOut } }),
    async (req) => {
      const actor = actorOf(req);
      const { changed, tasks } = await app.db.transaction(async (tx) => {
        const changed = await changeOrderStatus(tx, actor, req.params.id, req.body.status, {
          reason: req.body.reason,
          mayCredit: hasAll(req.user!.permissions, ['invoice:credit']),
        });
        const tasks =
          req.body.status === 'in_progress'
            ? await createTasksForOrder(tx, actor, await loadOrder(tx, req.params.id), { onStart: true })
            : [];
        return { changed, tasks };
      });
      const { issuedInvoice, creditNotes, ...after } = changed;
      const actorId = req.user?._id ?? null;
      for (const task of tasks) app.events.emit('task.assigned', taskEvent(task, [task.assignee], actorId));
      for (const id of [issuedInvoice, ...creditNotes])
        if (id) app.events.emit('einvoice.issued', { einvoiceId: id, actorId });
      return after as z.input<typeof orderOut>;
    },
  );

  app.delete(
    '/:id',
    guarded('order:delete', { tags, params: idParams, response: { 200: messageOut } }),
    async (req) => {
      const number = await app.db.transaction((tx) => deleteOrder(tx, actorOf(req), req.params.id));
      return { message: `تم حذف الطلب رقم ${number}` };
    },
  );
};
