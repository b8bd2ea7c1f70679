import type { MessageChannel } from '../../lib/message-channel';
import { canonicalPhone, queueMessage, renderTemplate } from './service';

/**
 * The staff message channel when WhatsApp is configured: a password-reset code becomes the
 * `password_reset_code` template (outside a conversation window only templates are delivered),
 * queued in the caller's transaction and sent by the dispatcher after the commit.
 */
export function whatsappMessageChannel(kick: () => void): MessageChannel {
  return {
    name: 'whatsapp',
    async send(tx, message) {
      const template = message.template;
      await queueMessage(tx, 'whatsapp', {
        customer: null,
        phone: canonicalPhone(message.to),
        kind: template ? 'template' : 'text',
        template: template?.name ?? null,
        templateParams: template?.params ?? null,
        body: template ? renderTemplate(template.name, template.params) : message.body,
        purpose: message.purpose,
        sentBy: null,
      });
      // The row becomes visible when the caller commits; the dispatcher's poll is the safety net.
      setTimeout(kick, 100).unref();
    },
  };
}
