import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestApp } from './harness';

/**
 * The settings of an app whose WhatsApp account talks to `graph` and checks webhooks with
 * `appSecret`; the webhook's verify token is `verify-me`, links point at https://idara.example.sa.
 */
export function whatsappEnv(graph: FakeGraph, appSecret: string) {
  return {
    WHATSAPP_TOKEN: 'test-token',
    WHATSAPP_PHONE_NUMBER_ID: '123456',
    WHATSAPP_APP_SECRET: appSecret,
    WHATSAPP_VERIFY_TOKEN: 'verify-me',
    WHATSAPP_API_URL: graph.url,
    WHATSAPP_RETRY_BASE_MS: '5',
    PUBLIC_URL: 'https://idara.example.sa',
  };
}

/** A stand-in for the Graph API on loopback: records each request and answers from a script. */
export class FakeGraph {
  requests: { url: string; auth: string; body: Record<string, any> }[] = [];
  script: number[] = [];
  private server: Server = createServer((req, res) => this.handle(req, res));
  url = '';
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v21.0`;
  }
  private handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      this.requests.push({
        url: req.url ?? '',
        auth: String(req.headers.authorization),
        body: JSON.parse(raw),
      });
      const status = this.script.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          status === 200
            ? { messaging_product: 'whatsapp', messages: [{ id: `wamid.${randomUUID()}` }] }
            : { error: { message: status === 400 ? 'Invalid parameter' : 'Try later', code: status } },
        ),
      );
    });
  }
  close() {
    return new Promise((r) => this.server.close(r));
  }
}

/** A webhook call as Meta signs it with the app secret. */
export function signedWebhook(t: TestApp, body: unknown, secret: string) {
  const raw = JSON.stringify(body);
  const sig = createHmac('sha256', secret).update(raw).digest('hex');
  return t.inject({
    method: 'POST',
    url: '/api/whatsapp/webhook',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${sig}` },
    payload: raw,
  });
}

/** The webhook body of a text message a customer (`from`, 9665…) sends now. */
export const inbound = (from: string, id: string, text: string) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '1',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            contacts: [{ wa_id: from, profile: { name: 'عميل' } }],
            messages: [
              {
                from,
                id,
                timestamp: String(Math.floor(Date.now() / 1000)),
                type: 'text',
                text: { body: text },
              },
            ],
          },
        },
      ],
    },
  ],
});
