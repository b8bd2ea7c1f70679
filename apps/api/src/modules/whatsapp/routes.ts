import {
  arabicPlural,
  composerTemplates,
  conversationOut,
  customerBody,
  idSchema,
  inboxCustomerOut,
  inboxMessagesOut,
  inboxOut,
  isoDateTime,
  MESSAGES,
  whatsappConfigOut,
  whatsappMessageOut,
  whatsappSendBody,
} from '@idara/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { customers, messages } from '../../db/schema';
import { AppError } from '../../http/errors';
import { guarded } from '../../http/guarded';
import { actorOf } from '../../http/request-context';
import type { RoutesPlugin } from '../../http/response-contract';
import { recordActivity } from '../../lib/activity';
import { customerSearchText } from '../customer/resource';
import {
  conversation,
  customerByPhone,
  inbox,
  inboxMessages,
  presentMessage,
  pushMessage,
  READ_MESSAGES,
  sendToCustomer,
} from './service';

const tags = ['whatsapp'];
const customerParams = z.object({ customerId: idSchema });
const phoneParams = z.object({
  phone: z.string().regex(/^\+\d{6,15}$/, { message: 'رقم غير صحيح' }),
});
const historyQuery = z.object({
  before: isoDateTime.optional(),
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
});

/** Conversations with customers (design.md §5 Message); sending is queued and done by the dispatcher. */
export const whatsappRoutes: RoutesPlugin = async (app) => {
  app.get('/config', guarded(READ_MESSAGES, { tags, response: { 200: whatsappConfigOut } }), async () => ({
    channel: app.whatsapp.channel,
    templates: composerTemplates.map(({ name, label, params }) => ({ name, label, params })),
    windowHours: 24,
  }));

  app.get(
    '/customer/:customerId',
    guarded(READ_MESSAGES, {
      tags,
      params: customerParams,
      querystring: historyQuery,
      response: { 200: conversationOut },
    }),
    async (req) =>
      conversation(
        app.db,
        req.params.customerId,
        req.query.before ? new Date(req.query.before) : null,
        req.query.limit,
      ),
  );

  app.post(
    '/customer/:customerId',
    guarded([READ_MESSAGES, 'customer:send:messages'], {
      tags,
      params: customerParams,
      body: whatsappSendBody,
      response: { 200: whatsappMessageOut, 201: whatsappMessageOut },
    }),
    async (req, reply) => {
      const actor = actorOf(req);
      const { row, created } = await app.db.transaction((tx) =>
        sendToCustomer(tx, app.whatsapp.channel, actor, req.params.customerId, req.body),
      );
      const message = presentMessage(row, created ? actor.actorName : null);
      if (created) {
        await pushMessage(app, 'message', message);
        app.whatsapp.dispatcher?.kick();
      }
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  app.get('/inbox', guarded(READ_MESSAGES, { tags, response: { 200: inboxOut } }), async () => inbox(app.db));

  app.get(
    '/inbox/:phone',
    guarded(READ_MESSAGES, { tags, params: phoneParams, response: { 200: inboxMessagesOut } }),
    async (req) => inboxMessages(app.db, req.params.phone),
  );

  app.post(
    '/inbox/:phone/customer',
    guarded([READ_MESSAGES, 'customer:create'], {
      tags,
      params: phoneParams,
      body: z.object({ name: z.string() }),
      response: { 201: inboxCustomerOut },
    }),
    async (req, reply) => {
      const { phone } = req.params;
      const input = customerBody.parse({ name: req.body.name, phoneNumber: phone, whatsappNumber: phone });
      const actor = actorOf(req);
      const customer = await app.db.transaction(async (tx) => {
        const existing = await customerByPhone(tx, input.phoneNumber);
        if (existing) throw new AppError(409, `الرقم مسجل للعميل «${existing.name}»`);
        const [row] = await tx
          .insert(customers)
          .values({ ...input, searchText: customerSearchText(input), createdBy: actor.actorId })
          .returning({ _id: customers._id, name: customers.name });
        const moved = await tx
          .update(messages)
          .set({ customer: row._id })
          .where(and(isNull(messages.customer), eq(messages.phone, phone)))
          .returning({ _id: messages._id });
        await recordActivity(tx, actor, {
          action: 'create',
          entity: 'customer',
          entityId: row._id,
          summary: `إضافة العميل «${row.name}» من محادثة واتساب (${arabicPlural(moved.length, MESSAGES)})`,
          after: { name: row.name, phoneNumber: input.phoneNumber },
        });
        return row;
      });
      app.events.emit('record.created', {
        entity: 'customer',
        id: customer._id,
        label: customer.name,
        actorId: actor.actorId,
      });
      return reply.status(201).send({ customer });
    },
  );
};
