import { findTemplate } from '@idara/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../db/schema';
import type { CloudApi, CloudMessage } from './cloud-api';
import { SendFailed } from './cloud-api';
import { presentMessage, pushMessage } from './service';

type MessageRow = typeof messages.$inferSelect;

const POLL_MS = 5000;

function toCloud(row: MessageRow): CloudMessage {
  if (row.kind === 'template') {
    // jsonb does not keep key order: the template's own parameter order decides {{1}}, {{2}} …
    const values = row.templateParams ?? {};
    const template = findTemplate(row.template ?? '');
    const params = template?.params.map((p) => values[p.key] ?? '') ?? Object.values(values);
    const document = template?.document;
    return {
      kind: 'template',
      to: row.phone,
      template: row.template ?? '',
      params,
      ...(document
        ? { document: { link: values[document.link] ?? '', fileName: values[document.fileName] ?? '' } }
        : {}),
      ...(template?.quickReplies
        ? { quickReplies: template.quickReplies.map((b) => b.payload(values)) }
        : {}),
    };
  }
  if (row.kind === 'media' && row.media) return { kind: 'media', to: row.phone, media: row.media };
  return { kind: 'text', to: row.phone, body: row.body };
}

/**
 * Sends queued WhatsApp messages after their transaction commits. A message is claimed (claimed_at
 * set, row skipped by every other claimer, on any node) before it is sent, so it is sent at most
 * once; a crash after the claim leaves it unsent rather than sending it twice.
 */
export class MessageDispatcher {
  private running = false;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private app: FastifyInstance,
    private api: CloudApi,
  ) {}

  start() {
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
  }

  stop() {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
  }

  /** Drain the queue soon; calls while draining make it look once more. */
  kick() {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    setImmediate(() => {
      this.drain()
        .catch((err) => this.app.log.error({ err }, 'whatsapp dispatch failed'))
        .finally(() => {
          this.running = false;
        });
    });
  }

  /** Until the queue is empty: for tests and shutdown. */
  async drain() {
    do {
      this.again = false;
      for (let row = await this.claim(); row && !this.closed; row = await this.claim())
        await this.sendOne(row);
    } while (this.again && !this.closed);
  }

  private async claim(): Promise<MessageRow | undefined> {
    const next = this.app.db
      .select({ id: messages._id })
      .from(messages)
      .where(
        and(
          eq(messages.channel, 'whatsapp'),
          eq(messages.direction, 'out'),
          eq(messages.status, 'queued'),
          isNull(messages.claimedAt),
        ),
      )
      .orderBy(messages.createdAt)
      .limit(1)
      .for('update', { skipLocked: true });
    // `= (scalar subquery)`, not `IN (…)`: a semi-join may run a LIMIT-1 locking subquery again and
    // claim a second row that nobody would then send.
    const [row] = await this.app.db
      .update(messages)
      .set({ claimedAt: new Date() })
      .where(and(eq(messages._id, sql`(${next})`), isNull(messages.claimedAt)))
      .returning();
    return row;
  }

  private async sendOne(row: MessageRow) {
    let update: Partial<MessageRow>;
    try {
      const sent = await this.api.send(toCloud(row));
      update = { status: 'sent', providerId: sent.providerId, attempts: sent.attempts, error: '' };
    } catch (err) {
      const failed = err instanceof SendFailed ? err : new SendFailed('تعذّر الإرسال', 1);
      if (!(err instanceof SendFailed)) this.app.log.error({ err }, 'whatsapp send error');
      update = { status: 'failed', attempts: failed.attempts, error: failed.message };
    }
    const now = new Date();
    // A webhook status may already have arrived for this provider id; never move it backwards.
    const [saved] = await this.app.db
      .update(messages)
      .set({ ...update, statusAt: now, updatedAt: now })
      .where(eq(messages._id, row._id))
      .returning();
    await pushMessage(this.app, 'status', presentMessage(saved));
  }
}
