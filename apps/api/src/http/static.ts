import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: hashed assets cached for a year, index.html and version.json never
 * cached, and every unknown non-API GET answered with index.html (the SPA router takes it from there).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  app.get('/runtime-config.js', { config: { public: true } }, async (_req, reply) => {
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache');
    return `window.__IDARA_CONFIG__ = ${JSON.stringify({ apiBase: '' })};\n`;
  });

  const indexPath = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn({ webDist }, 'web app not built; run `npm run build` to serve it');
    return;
  }
  const indexHtml = fs.readFileSync(indexPath, 'utf8');

  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      const rel = path.relative(webDist, filePath);
      if (rel.startsWith(`assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else if (rel === 'version.json') res.header('cache-control', 'no-store');
      else res.header('cache-control', 'public, max-age=3600');
    },
  });

  // Files outside /assets are few; register each so unknown paths fall through to the SPA.
  const files = fs.readdirSync(webDist, { recursive: true, withFileTypes: true });
  for (const entry of files) {
    if (!entry.isFile()) continue;
    const rel = path.relative(webDist, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (rel === 'index.html') continue;
    app.get(`/${rel}`, { config: { public: true } }, (_req, reply) => reply.sendFile(rel));
  }

  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/socket.io')) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).send({ message: 'المسار غير موجود' });
  });
}
