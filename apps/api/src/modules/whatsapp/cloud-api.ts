import type { Config } from '../../config';

/** What one outgoing message asks the Cloud API to send. */
export type CloudMessage =
  | { kind: 'text'; to: string; body: string }
  | {
      kind: 'template';
      to: string;
      template: string;
      params: string[];
      /** The template's DOCUMENT header. */
      document?: { link: string; fileName: string };
      /** Each quick-reply button's payload, in the template's order. */
      quickReplies?: string[];
    }
  | {
      kind: 'media';
      to: string;
      media: { type: string; link?: string; caption?: string; fileName?: string };
    };

export interface CloudApi {
  send(message: CloudMessage): Promise<{ providerId: string; attempts: number }>;
}

/** A send the provider refused or that could not be confirmed; never retried by the caller. */
export class SendFailed extends Error {
  constructor(
    message: string,
    public attempts: number,
  ) {
    super(message);
  }
}

/** The Graph API request body of a message (https://developers.facebook.com/docs/whatsapp/cloud-api). */
export function cloudPayload(message: CloudMessage, language: string) {
  const base = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to.replace(/^\+/, ''),
  };
  switch (message.kind) {
    case 'text':
      return { ...base, type: 'text', text: { preview_url: true, body: message.body } };
    case 'template':
      return {
        ...base,
        type: 'template',
        template: {
          name: message.template,
          language: { code: language },
          components: templateComponents(message),
        },
      };
    case 'media': {
      const { type, link, caption, fileName } = message.media;
      const media: Record<string, string> = { link: link ?? '' };
      if (caption) media.caption = caption;
      if (type === 'document' && fileName) media.filename = fileName;
      return { ...base, type, [type]: media };
    }
  }
}

/** A template's header, body and button parameters as the Graph API takes them. */
function templateComponents(message: Extract<CloudMessage, { kind: 'template' }>) {
  const components: Record<string, unknown>[] = [];
  if (message.document)
    components.push({
      type: 'header',
      parameters: [
        { type: 'document', document: { link: message.document.link, filename: message.document.fileName } },
      ],
    });
  if (message.params.length)
    components.push({ type: 'body', parameters: message.params.map((text) => ({ type: 'text', text })) });
  message.quickReplies?.forEach((payload, index) => {
    components.push({
      type: 'button',
      sub_type: 'quick_reply',
      index: String(index),
      parameters: [{ type: 'payload', payload }],
    });
  });
  return components;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Connection errors raised before any byte reached the provider: safe to try again. */
function neverSent(err: unknown) {
  const code = (err as { cause?: { code?: string } })?.cause?.code;
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
}

/**
 * The Cloud API client. A send is retried with exponential backoff (honouring Retry-After) only
 * when the provider answered 429 or 5xx, or the connection was refused — cases where nothing was
 * accepted. A timeout or a dropped connection after the request went out is not retried: the
 * message may have been delivered, and sending it twice is worse than reporting a failure.
 */
export function cloudApi(
  config: Config,
  opts: { maxAttempts?: number; timeoutMs?: number } = {},
): CloudApi | null {
  const { WHATSAPP_TOKEN: token, WHATSAPP_PHONE_NUMBER_ID: phoneId } = config;
  if (!token || !phoneId) return null;
  const maxAttempts = opts.maxAttempts ?? 4;
  const url = `${config.WHATSAPP_API_URL.replace(/\/$/, '')}/${encodeURIComponent(phoneId)}/messages`;
  return {
    async send(message) {
      const body = JSON.stringify(cloudPayload(message, config.WHATSAPP_TEMPLATE_LANGUAGE));
      for (let attempt = 1; ; attempt++) {
        let res: Response;
        try {
          res = await fetch(url, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body,
            signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
          });
        } catch (err) {
          if (neverSent(err) && attempt < maxAttempts) {
            await sleep(config.WHATSAPP_RETRY_BASE_MS * 2 ** (attempt - 1));
            continue;
          }
          throw new SendFailed(
            neverSent(err)
              ? 'تعذّر الاتصال بواتساب'
              : 'انقطع الاتصال بواتساب قبل التأكيد؛ لم تُعد المحاولة تجنباً للتكرار',
            attempt,
          );
        }
        const json = (await res.json().catch(() => ({}))) as {
          messages?: { id?: string }[];
          error?: { message?: string };
        };
        if (res.ok && json.messages?.[0]?.id) return { providerId: json.messages[0].id, attempts: attempt };
        const retryable = res.status === 429 || res.status >= 500;
        if (retryable && attempt < maxAttempts) {
          const after = Number(res.headers.get('retry-after'));
          const backoff = config.WHATSAPP_RETRY_BASE_MS * 2 ** (attempt - 1);
          await sleep(Number.isFinite(after) && after > 0 ? Math.min(after * 1000, 30_000) : backoff);
          continue;
        }
        const reason = json.error?.message ? `: ${json.error.message}` : '';
        throw new SendFailed(`رفض واتساب الرسالة (${res.status})${reason}`, attempt);
      }
    },
  };
}
