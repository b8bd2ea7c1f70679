import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  fileOut,
  type MessageStatus,
  messageStatuses,
  statusRank,
  stripUnsafeText,
  webhookReceivedOut,
} from '@idara/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { messages } from '../../db/schema';
import { AppError } from '../../http/errors';
import { deliver, usersWith } from '../notification/service';
import { answerRatingButton } from '../visit-messages/rating-replies';
import { canonicalPhone, customerByPhone, presentMessage, pushMessage, READ_MESSAGES } from './service';

/** `X-Hub-Signature-256: sha256=<hex HMAC of the raw body with the app secret>`, compared in constant time. */
export function validSignature(secret: string, raw: Buffer, header: unknown) {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice(7), 'hex');
  const expected = createHmac('sha256', secret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface InboundMessage {
  from?: string;
  id?: string;
  timestamp?: string;
  type?: string;
  text?: { body?: string };
  image?: { id?: string; caption?: string; mime_type?: string };
  document?: { id?: string; caption?: string; filename?: string };
  audio?: { id?: string };
  video?: { id?: string; caption?: string };
  /** A template's quick-reply button tapped (Cloud API `type: button`). */
  button?: { payload?: string; text?: string };
  /** An interactive message's reply button tapped (`type: interactive`, `button_reply`). */
  interactive?: { type?: string; button_reply?: { id?: string; title?: string } };
}
interface StatusUpdate {
  id?: string;
  status?: string;
  timestamp?: string;
  errors?: { title?: string; message?: string }[];
}
interface WebhookBody {
  entry?: { changes?: { value?: { messages?: InboundMessage[]; statuses?: StatusUpdate[] } }[] }[];
}

const mediaLabels: Record<string, string> = {
  image: 'صورة',
  document: 'مستند',
  audio: 'رسالة صوتية',
  video: 'فيديو',
};

/** A reply button's payload and the title the customer saw, if the message is one. */
export function buttonReply(m: InboundMessage) {
  if (m.type === 'button' && m.button) return { payload: m.button.payload, title: m.button.text ?? '' };
  const reply = m.type === 'interactive' ? m.interactive?.button_reply : undefined;
  return reply ? { payload: reply.id, title: reply.title ?? '' } : null;
}

function inboundContent(m: InboundMessage) {
  const type = m.type ?? 'text';
  if (type === 'text') return { kind: 'text', body: String(m.text?.body ?? '').slice(0, 4096), media: null };
  const button = buttonReply(m);
  if (button) return { kind: 'text', body: String(button.title).slice(0, 4096), media: null };
  const part = (m as Record<string, { id?: string; caption?: string; filename?: string } | undefined>)[type];
  const caption = part?.caption ?? part?.filename ?? '';
  return {
    kind: 'media',
    body: caption || `[${mediaLabels[type] ?? type}]`,
    media: { type, id: part?.id, caption: part?.caption, fileName: part?.filename },
  };
}

/** The payload without control characters, which the database cannot store (NUL) or should not. */
function cleanText(v: unknown, depth = 0): unknown {
  if (typeof v === 'string') return stripUnsafeText(v);
  if (!v || typeof v !== 'object' || depth > 20) return depth > 20 ? null : v;
  if (Array.isArray(v)) return v.map((x) => cleanText(x, depth + 1));
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [stripUnsafeText(k), cleanText(x, depth + 1)]));
}

/** Unix seconds as Meta sends them; anything unreadable or out of range is taken as now. */
const EARLIEST_PROVIDER_TIME = Date.UTC(2000, 0, 1);
const PROVIDER_CLOCK_SKEW_MS = 24 * 3600_000;
export function providerTime(timestamp: unknown, now = new Date()) {
  const ms = typeof timestamp === 'string' && /^\d{1,12}$/.test(timestamp) ? Number(timestamp) * 1000 : NaN;
  return ms >= EARLIEST_PROVIDER_TIME && ms <= now.getTime() + PROVIDER_CLOCK_SKEW_MS ? new Date(ms) : now;
}

async function storeInbound(app: FastifyInstance, m: InboundMessage) {
  if (typeof m?.from !== 'string' || typeof m.id !== 'string') return;
  const phone = canonicalPhone(m.from);
  const customer = await customerByPhone(app.db, phone);
  const content = inboundContent(m);
  const at = providerTime(m.timestamp);
  const [row] = await app.db
    .insert(messages)
    .values({
      customer: customer?._id ?? null,
      phone,
      direction: 'in',
      kind: content.kind,
      body: content.body,
      media: content.media,
      status: 'delivered',
      channel: 'whatsapp',
      providerId: m.id,
      // Ordered by when we received it (the provider's clock has whole seconds); its own time is kept.
      statusAt: at,
    })
    .onConflictDoNothing({ target: messages.providerId })
    .returning();
  if (!row) return; // the same webhook delivered again: already stored
  await pushMessage(app, 'message', presentMessage(row));
  const button = buttonReply(m);
  if (
    button &&
    (await answerRatingButton(app, { payload: button.payload, customer: customer?._id ?? null, phone }))
  )
    return; // a rating is not a message for the office to answer
  const readers = await usersWith(app.db, [READ_MESSAGES], null);
  await deliver(
    app,
    readers.map((recipient) => ({
      recipient,
      type: 'message' as const,
      title: customer ? `رسالة واتساب من ${customer.name}` : 'رسالة واتساب من رقم غير مسجل',
      description: content.body.slice(0, 200),
      link: customer ? `/dashboard/whatsapp/${customer._id}` : '/dashboard/whatsapp',
    })),
  );
}

async function applyStatus(app: FastifyInstance, s: StatusUpdate) {
  if (typeof s?.id !== 'string' || !messageStatuses.includes(s.status as MessageStatus)) return;
  const status = s.status as MessageStatus;
  const [row] = await app.db.select().from(messages).where(eq(messages.providerId, s.id));
  if (!row || statusRank(row.status as MessageStatus) >= statusRank(status)) return;
  const error =
    status === 'failed' ? (s.errors?.[0]?.title ?? s.errors?.[0]?.message ?? 'تعذّر التسليم') : row.error;
  const [saved] = await app.db
    .update(messages)
    .set({ status, error, statusAt: new Date(), updatedAt: new Date() })
    .where(eq(messages._id, row._id))
    .returning();
  await pushMessage(app, 'status', presentMessage(saved));
}

/**
 * Meta's webhook: GET answers the verification handshake; POST must be signed with the app secret
 * (refused and logged otherwise) and carries inbound messages and delivery statuses.
 */
export const whatsappWebhookRoutes: FastifyPluginAsync = async (app) => {
  // The signature covers the exact bytes sent, so this plugin keeps the raw body.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    (req as unknown as { rawBody: Buffer }).rawBody = body as Buffer;
    try {
      done(null, JSON.parse((body as Buffer).toString('utf8') || '{}'));
    } catch {
      done(new AppError(400, 'صيغة الطلب غير صحيحة'), undefined);
    }
  });

  app.get(
    '/webhook',
    {
      config: { public: true },
      schema: { tags: ['whatsapp'], response: { 200: fileOut('text/plain: the challenge') } },
    },
    async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      const expected = app.config.WHATSAPP_VERIFY_TOKEN;
      if (q['hub.mode'] === 'subscribe' && expected && q['hub.verify_token'] === expected) {
        return reply.type('text/plain').send(q['hub.challenge'] ?? '');
      }
      app.log.warn({ ip: req.ip }, 'whatsapp webhook verification refused');
      throw new AppError(403, 'رمز التحقق غير صحيح');
    },
  );

  // Meta retries whatever is not a 2xx: text it sends is cleaned here, not refused (keepsRawText).
  app.post(
    '/webhook',
    {
      config: { public: true, keepsRawText: true },
      schema: { tags: ['whatsapp'], response: { 200: webhookReceivedOut } },
    },
    async (req) => {
      const secret = app.config.WHATSAPP_APP_SECRET;
      if (!secret) throw new AppError(404, 'واتساب غير مهيأ على هذا الخادم');
      const raw = (req as unknown as { rawBody?: Buffer }).rawBody ?? Buffer.alloc(0);
      if (!validSignature(secret, raw, req.headers['x-hub-signature-256'])) {
        app.log.warn({ ip: req.ip }, 'whatsapp webhook with a bad signature refused');
        throw new AppError(401, 'توقيع الطلب غير صحيح');
      }
      const body = cleanText(req.body) as WebhookBody;
      for (const entry of Array.isArray(body?.entry) ? body.entry : []) {
        for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
          const value = change?.value ?? {};
          for (const m of Array.isArray(value.messages) ? value.messages : []) await storeInbound(app, m);
          for (const s of Array.isArray(value.statuses) ? value.statuses : []) await applyStatus(app, s);
        }
      }
      return { received: true as const };
    },
  );
};
