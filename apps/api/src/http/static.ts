import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built web app: hashed assets cached for a year and sent pre-compressed (brotli or
 * gzip), index.html and version.json never cached, and every unknown non-API GET answered with index.html (the SPA router takes it from there).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  let index: IndexAnswer | undefined;
  // The one not-found handler: API paths get a JSON 404; other GETs get the SPA when it is built.
  app.setNotFoundHandler(async (req, reply) => {
    if (index && req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/socket.io')) {
      return sendIndex(req, reply, index);
    }
    return reply.status(404).send({ message: 'المسار غير موجود' });
  });

  app.get('/runtime-config.js', { config: { public: true } }, async (_req, reply) => {
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache');
    return `window.__IDARA_CONFIG__ = ${JSON.stringify({ apiBase: '' })};\n`;
  });

  if (!webDist) return; // API-only (tests)
  const indexPath = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn({ webDist }, 'web app not built; run `npm run build` to serve it');
    return;
  }
  index = compressIndex(fs.readFileSync(indexPath));

  await app.register(fastifyStatic, {
    root: webDist,
    // One route per file found at start, so unknown paths fall through to the SPA.
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each script and stylesheet (apps/web/vite.config.ts):
    // the smallest one the browser accepts is sent, with Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders(res, filePath) {
      const rel = path.relative(webDist, filePath);
      if (rel.startsWith(`assets${path.sep}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
      else if (rel === 'version.json') res.header('cache-control', 'no-store');
      else res.header('cache-control', 'public, max-age=3600');
    },
  });
}

/** index.html and its compressed forms, made once at start. */
interface IndexAnswer {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
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

/** index.html, compressed as the browser accepts. */
function sendIndex(req: FastifyRequest, reply: FastifyReply, index: IndexAnswer) {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(index.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(index.gzip);
  return reply.send(index.html);
}
