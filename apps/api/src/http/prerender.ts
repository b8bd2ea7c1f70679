import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { hasAll } from '@idara/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveToken } from '../modules/auth/sessions';
import { getSettings } from '../modules/settings/service';

/**
 * Prerendered first paint, the server's half (docs/ARCHITECTURE.md, "Prerendered pages"). The build
 * (`scripts/prerender.ts`) keeps the first committed DOM of a few pages in `prerender.json`; here a
 * page's markup goes into index.html, in front of the app, when the visitor would see the page as
 * it was captured: every permission check it made answers the same for them (or, for sign-in, they
 * have no session). The app renders unseen behind it and removes it once its own first page is
 * there (`apps/web/src/lib/prerender.ts`). Anyone else gets index.html as built: the loading screen.
 */
/** One page of `prerender.json`, as `scripts/prerender.ts` writes it. */
export interface PrerenderedPage {
  /** Served only to visitors without a session (sign-in). */
  guest: boolean;
  /** Permission checks the page made while rendering, as `"a b"` (all of) → granted. */
  checks: [string, boolean][];
  /** What goes inside `<div id="prerender" inert>`. */
  html: string;
}

/** A ready answer: the HTML and its compressed forms, made once at start. */
export interface IndexVariant {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function variant(html: string): IndexVariant {
  const body = Buffer.from(html);
  return {
    html: body,
    br: zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip: zlib.gzipSync(body, { level: 9 }),
  };
}

/** The `accessToken` cookie the app writes beside localStorage (spec §9). */
function cookieToken(req: FastifyRequest): string | null {
  const match = /(?:^|;\s*)accessToken=([^;]*)/.exec(req.headers.cookie ?? '');
  if (!match) return null;
  try {
    const token = decodeURIComponent(match[1]);
    return token && token.length <= 200 ? token : null;
  } catch {
    return null;
  }
}

function answersTheSame(page: PrerenderedPage, user: { permissions: readonly string[] }): boolean {
  return page.checks.every(
    ([required, granted]) => hasAll(user.permissions, required.split(' ')) === granted,
  );
}

export class PrerenderedIndex {
  readonly plain: IndexVariant;
  private readonly pages = new Map<string, { page: PrerenderedPage; answer: IndexVariant }>();

  constructor(
    private readonly app: FastifyInstance,
    indexHtml: string,
    webDist: string,
  ) {
    this.plain = variant(indexHtml);
    const file = path.join(webDist, 'prerender.json');
    if (!fs.existsSync(file)) return;
    try {
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        pages?: Record<string, PrerenderedPage>;
      };
      for (const [route, page] of Object.entries(manifest.pages ?? {})) {
        const html = indexHtml.replace(
          '<div id="root">',
          `<div id="prerender" inert aria-hidden="true">${page.html}</div><div id="root">`,
        );
        if (html !== indexHtml) this.pages.set(route, { page, answer: variant(html) });
      }
    } catch (error) {
      app.log.warn({ err: error }, 'prerender.json unreadable; pages start on the loading screen');
    }
  }

  /** index.html for this request: with its page prerendered when the visitor may see it so. */
  async pick(req: FastifyRequest): Promise<IndexVariant> {
    // A query (a search, a page number) shows something else than the capture did.
    const entry = req.url.includes('?') ? undefined : this.pages.get(req.url);
    if (!entry) return this.plain;
    try {
      const token = cookieToken(req);
      const resolved = token ? await resolveToken(this.app.db, token, this.app.sessionCache) : null;
      if (entry.page.guest) return resolved ? this.plain : entry.answer;
      if (!resolved || !answersTheSame(entry.page, resolved.user)) return this.plain;
      // In maintenance the app shows its maintenance screen (or a banner) instead.
      if ((await getSettings(this.app.db)).maintenanceMode) return this.plain;
      return entry.answer;
    } catch (error) {
      req.log.warn({ err: error }, 'prerender: served the plain page');
      return this.plain;
    }
  }
}
