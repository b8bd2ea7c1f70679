import { type APIRequestContext, expect } from '@playwright/test';

/** The fake Graph API (fake-graph.mjs) the app sends WhatsApp messages to (playwright.config.ts). */
export const FAKE_GRAPH = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 1000}`;

/** A message as the fake Graph API received it: the id it answered and the Cloud API body. */
export interface SentMessage {
  id: string;
  body: { to?: string; text?: { body?: string }; template?: { name?: string } };
}

/** Every message the fake Graph API has received so far. */
export async function sentMessages(request: APIRequestContext): Promise<SentMessage[]> {
  return (await (await request.get(`${FAKE_GRAPH}/sent`)).json()) as SentMessage[];
}

/** 05XXXXXXXX → 9665XXXXXXXX, as WhatsApp names a number (`to`, `wa_id`). */
export const waId = (localPhone: string) => `966${localPhone.slice(1)}`;

/** Waits until the fake Graph API has received the template `template` for the local number `phone`. */
export async function expectTemplateSent(request: APIRequestContext, phone: string, template: string) {
  await expect
    .poll(async () =>
      (await sentMessages(request)).some(
        (m) => m.body.to === waId(phone) && m.body.template?.name === template,
      ),
    )
    .toBe(true);
}
