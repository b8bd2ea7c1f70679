import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client';
import { outbox } from '../db/schema';

export interface OutgoingMessage {
  to: string;
  body: string;
  /** Why it is sent, e.g. 'password-reset'. */
  purpose: string;
  /** The WhatsApp template carrying it (outside a conversation only templates are delivered). */
  template?: { name: string; params: Record<string, string> };
}

/** Where messages to people go: this outbox, or WhatsApp when configured (modules/whatsapp/channel.ts). */
export interface MessageChannel {
  name: string;
  send(tx: DbOrTx, message: OutgoingMessage): Promise<void>;
}

/**
 * Default channel: records messages in the outbox table. The log says only that one was recorded:
 * bodies carry reset codes and links, which must not end up wherever logs are shipped.
 */
export function outboxChannel(log: FastifyBaseLogger): MessageChannel {
  return {
    name: 'outbox',
    async send(tx, message) {
      await tx.insert(outbox).values({
        channel: 'outbox',
        recipient: message.to,
        body: message.body,
        purpose: message.purpose,
      });
      log.info({ purpose: message.purpose }, 'message recorded in outbox');
    },
  };
}
