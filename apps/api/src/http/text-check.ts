import { findUnsafeText, UNSAFE_TEXT_MESSAGE, withoutBidiControls } from '@idara/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * The parts of a request that hold text. A body of bytes (a tus upload's chunk) is no text: walking
 * it would look at every byte as a key — 100,000 of them for a phone's photo, most of a PATCH's time.
 */
export const textParts = (req: Pick<FastifyRequest, 'body'>) =>
  ArrayBuffer.isView(req.body) ? (['query', 'params'] as const) : (['body', 'query', 'params'] as const);

/**
 * Every route, before its schema: a body, query or path parameter holding control characters
 * (NUL above all: PostgreSQL cannot store it in text or JSON) or broken UTF-16 is refused with an
 * Arabic 422 naming the field, so no route can pass one to the database. A route that must keep
 * text from outside as sent (the signed WhatsApp webhook) sets `config.keepsRawText` and cleans it.
 * Bidirectional overrides and isolates are removed from the body first (`withoutBidiControls`).
 */
export function registerTextCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (req.routeOptions.config?.keepsRawText) return;
    const parts = textParts(req);
    if (parts[0] === 'body') req.body = withoutBidiControls(req.body);
    for (const part of parts) {
      const path = findUnsafeText(req[part]);
      if (path !== null) {
        throw new AppError(422, UNSAFE_TEXT_MESSAGE, {
          errors: [UNSAFE_TEXT_MESSAGE],
          fieldErrors: { [path]: UNSAFE_TEXT_MESSAGE },
        });
      }
    }
  });
}
