import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { OutputChunk } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunking } from './build/chunking.ts';
import { installableApp } from './build/installable-app.ts';

const buildId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
const builtAt = new Date().toISOString();

/** Route rules (spec §7): `{ "/path" | "/prefix/**": { "redirect": "/target" } }`, shipped in version.json. */
const routeRules = JSON.parse(fs.readFileSync(new URL('./route-rules.json', import.meta.url), 'utf8'));

/**
 * Writes dist/version.json — the build metadata file: the build id the app compares with its own
 * (src/lib/version-check.ts) and the route rules (src/lib/route-rules.ts).
 */
function versionManifest(): Plugin {
  return {
    name: 'idara-version-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ version: buildId, builtAt, rules: routeRules }, null, 2)}\n`,
      });
    },
  };
}

/**
 * Writes `.gz` and `.br` beside every script and stylesheet, so the server sends compressed bytes
 * without compressing per request (apps/api/src/http/static.ts, `preCompressed`). The `.gz` sizes
 * are what the JavaScript budgets measure (scripts/bundle-budget.mjs).
 */
function precompress(): Plugin {
  return {
    name: 'idara-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const source = fs.readFileSync(file);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(source, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        );
      }
    },
  };
}

/**
 * `<link rel="preload">` for the Arabic body and bold faces of the UI font, and the body weight's
 * digits and punctuation (src/styles/fonts.css). Without it a face was fetched only when text
 * first used it, and the swap repainted that text after the page was ready: the table rows a
 * second late, and sign-in's bold title once with a fallback face and again, wider, in its own.
 * The medium face (labels) loads as text uses it; each Arabic face is 45 KB on a phone's first
 * visit, the digits 9 KB.
 */
function preloadFonts(): Plugin {
  const wanted = /ibm-plex-sans-arabic-(arabic-(400|700)|common-400)-normal-[\w-]+\.woff2$/;
  return {
    name: 'idara-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const fonts = Object.keys(ctx.bundle ?? {}).filter((file) => wanted.test(file));
        return fonts.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head',
        }));
      },
    },
  };
}

/**
 * Writes dist/preloads.json: for the first screens of a visit, the scripts and stylesheets the
 * page needs beyond those index.html names, so that the server can name them in the HTML it sends
 * for that address (apps/api/src/http/static.ts) and the browser fetches them with the entry
 * instead of after it has run (a round trip later: 562.5 ms on a slow phone link). `session`: the
 * page is behind sign-in, and a visitor without a session gets the sign-in page's files there;
 * `also`: other modules the page loads at once (the signed-in frame's header).
 */
function pagePreloads(
  signIn: string,
  pages: Record<string, { src: string; also?: string[]; session?: boolean }>,
): Plugin {
  return {
    name: 'idara-page-preloads',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = new Map<string, OutputChunk>();
        for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file);
        const closure = (start: string) => {
          const seen = new Set<string>();
          const visit = (file: string) => {
            if (seen.has(file)) return;
            seen.add(file);
            for (const next of chunks.get(file)?.imports ?? []) visit(next);
          };
          visit(start);
          return seen;
        };
        const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
        if (!entry) return this.error('page preloads: no entry chunk');
        const inHtml = closure(entry.fileName);
        const out: Record<string, { scripts: string[]; styles: string[]; session: boolean }> = {};
        for (const [address, { src, also = [], session = false }] of Object.entries(pages)) {
          const scripts = new Set<string>();
          for (const source of [src, ...also]) {
            const page = [...chunks.values()].find((c) =>
              c.facadeModuleId?.replaceAll('\\', '/').endsWith(source),
            );
            if (!page) return this.error(`page preloads: no chunk for ${source}`);
            for (const file of closure(page.fileName)) if (!inHtml.has(file)) scripts.add(file);
          }
          const styles = [...scripts].flatMap((file) => [
            ...(chunks.get(file)?.viteMetadata?.importedCss ?? []),
          ]);
          out[address] = { scripts: [...scripts], styles, session };
        }
        if (!out[signIn]) return this.error(`page preloads: ${signIn} is not among the pages`);
        this.emitFile({
          type: 'asset',
          fileName: 'preloads.json',
          source: `${JSON.stringify({ signIn, pages: out }, null, 2)}\n`,
        });
      },
    },
  };
}

const api = 'http://localhost:3000';

/**
 * React Router 7 exports only its development build (remix-run/react-router#12532), warnings and
 * checks included; the production build beside it is the same code without them. Every import of
 * `react-router` in a production bundle takes that one file, so there is still one copy.
 */
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command }) => ({
  resolve:
    command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  plugins: [
    react(),
    versionManifest(),
    precompress(),
    preloadFonts(),
    pagePreloads('/auth/signin', {
      '/auth/signin': { src: 'src/features/auth/SigninPage.tsx' },
      '/': {
        src: 'src/features/home/HomePage.tsx',
        also: ['src/app/layouts/HeaderActions.tsx'],
        session: true,
      },
    }),
    VitePWA(installableApp),
  ],
  define: {
    __APP_VERSION__: JSON.stringify(buildId),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/socket.io': { target: api, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each page loads, for the JavaScript budgets.
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: { codeSplitting: chunking() },
    },
  },
}));
