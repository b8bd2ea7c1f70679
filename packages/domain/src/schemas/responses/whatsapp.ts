import { z } from 'zod';
import { messageStatuses } from '../../whatsapp';
import { dateTimeOut, idOut } from './common';

export const whatsappMediaOut = z.looseObject({
  type: z.string(),
  link: z.string().optional(),
  id: z.string().optional(),
  caption: z.string().optional(),
  fileName: z.string().optional(),
});
export type WhatsappMedia = z.output<typeof whatsappMediaOut>;

/** One message, both ways; `body` is the Arabic text the customer reads (templates rendered). */
export const whatsappMessageOut = z
  .object({
    _id: idOut,
    customer: idOut.nullable(),
    phone: z.string(),
    direction: z.enum(['in', 'out']),
    kind: z.enum(['text', 'template', 'media']),
    body: z.string(),
    template: z.string().nullable(),
    media: whatsappMediaOut.nullable(),
    status: z.enum(messageStatuses),
    channel: z.enum(['whatsapp', 'outbox']),
    error: z.string(),
    sentBy: idOut.nullable(),
    sentByName: z.string().nullable(),
    createdAt: dateTimeOut,
    statusAt: dateTimeOut.nullable(),
  })
  .meta({ id: 'WhatsappMessage' });
export type WhatsappMessage = z.output<typeof whatsappMessageOut>;

export const serviceWindowOut = z.object({
  open: z.boolean(),
  /** 24 h after the customer's last message; null when they never wrote. */
  until: dateTimeOut.nullable(),
});
export type ServiceWindow = z.output<typeof serviceWindowOut>;

/** `GET /api/whatsapp/customer/:id`: one page, messages oldest first. */
export const conversationOut = z.object({
  customer: z.object({ _id: idOut, name: z.string(), phoneNumber: z.string(), whatsappNumber: z.string() }),
  messages: z.array(whatsappMessageOut),
  hasMore: z.boolean(),
  window: serviceWindowOut,
});
export type ConversationPage = z.output<typeof conversationOut>;
export type ConversationCustomer = ConversationPage['customer'];

/** `GET /api/whatsapp/config`: the channel and the templates the composer offers. */
export const whatsappConfigOut = z.object({
  channel: z.enum(['whatsapp', 'outbox']),
  templates: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      params: z.array(
        z.object({
          key: z.string(),
          label: z.string(),
          fromOrder: z.enum(['number', 'total', 'due']).optional(),
        }),
      ),
    }),
  ),
  windowHours: z.number(),
});
export type WhatsappConfig = z.output<typeof whatsappConfigOut>;

/** `GET /api/whatsapp/inbox`: messages from numbers that are no customer yet, by number. */
export const inboxOut = z.object({
  data: z.array(
    z.object({ phone: z.string(), count: z.number().int(), lastAt: dateTimeOut, lastBody: z.string() }),
  ),
});
export type Inbox = z.output<typeof inboxOut>;
export type InboxRow = Inbox['data'][number];
/** `GET /api/whatsapp/inbox/:phone`. */
export const inboxMessagesOut = z.object({ messages: z.array(whatsappMessageOut) });
export type InboxMessages = z.output<typeof inboxMessagesOut>;
/** `POST /api/whatsapp/inbox/:phone/customer`: the customer made from that number. */
export const inboxCustomerOut = z.object({ customer: z.object({ _id: idOut, name: z.string() }) });
export type InboxCustomer = z.output<typeof inboxCustomerOut>;
/** `POST /api/whatsapp/webhook`. */
export const webhookReceivedOut = z.object({ received: z.literal(true) });
