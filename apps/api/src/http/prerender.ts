import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  arabicWeekdayOf,
  formatGregorianDate,
  formatHijriDate,
  hasAll,
  PRERENDER_FILLS,
} from '@idara/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveToken } from '../modules/auth/sessions';
import { getSettings } from '../modules/settings/service';
import { escapeHtml } from './pdf';

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
  /**
   * The app's scripts (beyond index.html's own) the page fetched before its first commit, then as
   * it settled (the header's menus), as `/assets/…js`: `app-after-paint.js` asks for them with the
   * entry script, so they load beside it instead of after it and the app's own loader appends none.
   */
  scripts?: string[];
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

/**
 * A page with the visitor's own text in it is made per request, and compressed per request at a
 * level that costs about a millisecond (the whole page is some 100 KB before compression).
 */
function personalVariant(html: string): IndexVariant {
  const body = Buffer.from(html);
  return {
    html: body,
    get br() {
      return zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    },
    get gzip() {
      return zlib.gzipSync(body, { level: 6 });
    },
  };
}

/** The home page's date line as the app writes it (HomePage's `Today`), in Riyadh time. */
function todayHtml(now: Date): string {
  return `${arabicWeekdayOf(now)}، <bdi>${formatHijriDate(now)}</bdi> — الموافق <bdi>${formatGregorianDate(now)}</bdi> م`;
}

function fillFor(html: string, user: { name: string }): string {
  return html
    .replaceAll(PRERENDER_FILLS.userName, () => escapeHtml(user.name))
    .replaceAll(PRERENDER_FILLS.today, () => todayHtml(new Date()));
}

const isPersonal = (html: string) => Object.values(PRERENDER_FILLS).some((fill) => html.includes(fill));

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

const SCRIPT_HREF = /^\/assets\/[\w.-]+\.js$/;
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * With the page already in the HTML, the app's scripts are not needed for the first paint. The
 * entry script and its module preloads give way to `/app-after-paint.js`, which asks for them —
 * and for the modules the page itself imports — once the page has painted: until then a slow link
 * carries only the stylesheet and the font. Null when index.html is not shaped as Vite writes it.
 */
export function scriptsAfterPaint(indexHtml: string, pageScripts: readonly string[] = []): string | null {
  const entry = ENTRY_SCRIPT.exec(indexHtml)?.[1];
  if (!entry || !SCRIPT_HREF.test(entry)) return null;
  const preloads = [...indexHtml.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  const modules = [...new Set([...preloads, ...pageScripts])].filter(
    (href) => href !== entry && SCRIPT_HREF.test(href),
  );
  const loader = `<script src="/app-after-paint.js" defer data-scripts="${[entry, ...modules].join(' ')}"></script>`;
  return indexHtml.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => loader);
}

function answersTheSame(page: PrerenderedPage, user: { permissions: readonly string[] }): boolean {
  return page.checks.every(
    ([required, granted]) => hasAll(user.permissions, required.split(' ')) === granted,
  );
}

export class PrerenderedIndex {
  readonly plain: IndexVariant;
  /** Per page: the ready answer, or for a personal page the HTML its visitor's text goes into. */
  private readonly pages = new Map<
    string,
    { page: PrerenderedPage } & ({ answer: IndexVariant } | { template: string })
  >();

  constructor(
    private readonly app: FastifyInstance,
    indexHtml: string,
    webDist: string,
  ) {
    this.plain = variant(indexHtml);
    const file = path.join(webDist, 'prerender.json');
    // Without the app's mount point (an unexpected index.html) there is nowhere to put a page.
    if (!fs.existsSync(file) || !indexHtml.includes('<div id="root">')) return;
    try {
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        pages?: Record<string, PrerenderedPage>;
      };
      for (const [route, page] of Object.entries(manifest.pages ?? {})) {
        const withLoader = scriptsAfterPaint(indexHtml, page.scripts);
        if (!withLoader) break;
        const html = withLoader
          // A replacer function: the markup is inserted as is, `$` and all.
          .replace(
            '<div id="root">',
            () => `<div id="prerender" inert aria-hidden="true">${page.html}</div><div id="root">`,
          );
        const personal = isPersonal(html);
        // A guest has no name to put in: such a page is never served.
        if (page.guest && personal) continue;
        this.pages.set(route, personal ? { page, template: html } : { page, answer: variant(html) });
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
      if (entry.page.guest) return !resolved && 'answer' in entry ? entry.answer : this.plain;
      if (!resolved || !answersTheSame(entry.page, resolved.user)) return this.plain;
      // In maintenance the app shows its maintenance screen (or a banner) instead.
      if ((await getSettings(this.app.db)).maintenanceMode) return this.plain;
      return 'answer' in entry ? entry.answer : personalVariant(fillFor(entry.template, resolved.user));
    } catch (error) {
      req.log.warn({ err: error }, 'prerender: served the plain page');
      return this.plain;
    }
  }
}
