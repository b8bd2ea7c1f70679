import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built web app: hashed assets cached for a year and sent pre-compressed (brotli or
 * gzip), index.html and version.json never cached, and every unknown non-API GET answered with index.html (the SPA router takes it from there).
 */
export async function registerWebApp(app: FastifyInstance, web: WebApp | undefined) {
  // The one not-found handler: API paths get a JSON 404; other GETs get the SPA when it is built.
  app.setNotFoundHandler(async (req, reply) => {
    if (web && req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/socket.io')) {
      return sendIndex(req, reply, web.index);
    }
    return reply.status(404).send({ message: 'المسار غير موجود' });
  });

  if (!web) return;
  await app.register(fastifyStatic, {
    root: web.dist,
    // One route per file found at start, so unknown paths fall through to the SPA.
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each script and stylesheet (apps/web/vite.config.ts):
    // the smallest one the browser accepts is sent, with Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders(res, filePath) {
      const rel = path.relative(web.dist, filePath);
      if (rel.startsWith(`assets${path.sep}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
      else if (rel === 'version.json') res.header('cache-control', 'no-store');
      // The service worker and the manifest name the build's files: a new deploy is seen at once
      // (apps/web/build/installable-app.ts).
      else if (rel === 'sw.js' || rel === 'manifest.webmanifest') res.header('cache-control', 'no-cache');
      else res.header('cache-control', 'public, max-age=3600');
    },
  });
}

/** The built web app as this server sends it; `scriptHashes` go into the CSP's script-src. */
export interface WebApp {
  dist: string;
  index: IndexPages;
  scriptHashes: string[];
}

/** Reads the built web app once at start; undefined when there is none (API only, or not built). */
export function readWebApp(webDist: string, log: FastifyInstance['log']): WebApp | undefined {
  if (!webDist) return undefined; // API-only (tests)
  const indexPath = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexPath)) {
    log.warn({ webDist }, 'web app not built; run `npm run build` to serve it');
    return undefined;
  }
  const { html, scriptHashes } = inlineHeadScripts(fs.readFileSync(indexPath, 'utf8'), webDist);
  return { dist: webDist, index: indexPages(html, readPreloads(webDist)), scriptHashes };
}

/**
 * The small scripts index.html's head runs before anything draws (apps/web/public: the colour
 * scheme, the runtime configuration), written into the page this server sends: on a phone each was
 * a request of its own, a round trip (about 0.6 s on slow 4G) that held the app's start even with
 * everything else cached. Each is allowed by its hash, so the CSP still refuses any other inline
 * script; the files stay in dist for a front end hosted apart from this server.
 */
function inlineHeadScripts(html: string, webDist: string) {
  const scriptHashes: string[] = [];
  const page = html.replace(/<script src="\/([\w-]+\.js)"( defer)?><\/script>/g, (tag, file: string) => {
    const source = path.join(webDist, file);
    if (!fs.existsSync(source)) return tag;
    const code = fs.readFileSync(source, 'utf8');
    scriptHashes.push(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
    return `<script>${code}</script>`;
  });
  return { html: page, scriptHashes };
}

/** index.html and its compressed forms, made once at start. */
interface IndexAnswer {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * dist/preloads.json (apps/web/vite.config.ts, `pagePreloads`): per address of a first screen, the
 * scripts and stylesheets its page needs beyond those index.html names; `session`: behind sign-in.
 */
interface Preloads {
  signIn: string;
  pages: Record<string, { scripts: string[]; styles: string[]; session: boolean }>;
}

function readPreloads(webDist: string): Preloads | undefined {
  const file = path.join(webDist, 'preloads.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Preloads) : undefined;
}

/** index.html as is, and for each first screen with its page's files named in the head. */
interface IndexPages {
  plain: IndexAnswer;
  pages: Map<string, IndexAnswer>;
  preloads?: Preloads;
}

function indexPages(html: string, preloads: Preloads | undefined): IndexPages {
  const pages = new Map<string, IndexAnswer>();
  for (const [address, page] of Object.entries(preloads?.pages ?? {})) {
    // As Vite's loader asks for them (crossorigin), so that it finds them fetched.
    const links = [
      ...page.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ...page.styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ];
    pages.set(
      address,
      compressIndex(Buffer.from(html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`))),
    );
  }
  return { plain: compressIndex(Buffer.from(html)), pages, preloads };
}

/**
 * Which page the app will show at this address: the sign-in page where a page behind sign-in is
 * asked for without the session cookie (the app keeps its token there too, lib/token-storage.ts).
 */
function pageAt(req: FastifyRequest, preloads: Preloads | undefined) {
  const page = preloads?.pages[req.url.split('?')[0]];
  if (!preloads || !page) return { address: undefined, byCookie: false };
  if (!page.session) return { address: req.url.split('?')[0], byCookie: false };
  const signedIn = /(?:^|;\s*)accessToken=[^;\s]/.test(String(req.headers.cookie ?? ''));
  return { address: signedIn ? req.url.split('?')[0] : preloads.signIn, byCookie: true };
}

function compressIndex(html: Buffer): IndexAnswer {
  return {
    html,
    br: zlib.brotliCompressSync(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
    gzip: zlib.gzipSync(html, { level: 9 }),
  };
}

/**
 * index.html, compressed as the browser accepts; for a first screen (sign-in, home) with its
 * page's files named, so the browser fetches them beside the entry rather than once it has run.
 */
function sendIndex(req: FastifyRequest, reply: FastifyReply, index: IndexPages) {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const { address, byCookie } = pageAt(req, index.preloads);
  const answer = (address && index.pages.get(address)) || index.plain;
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', byCookie ? 'accept-encoding, cookie' : 'accept-encoding');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(answer.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(answer.gzip);
  return reply.send(answer.html);
}
