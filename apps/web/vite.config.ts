import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), versionManifest()],
  define: {
    __APP_VERSION__: JSON.stringify(buildId),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/socket.io': { target: api, ws: true, changeOrigin: true },
      '/runtime-config.js': { target: api, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
  },
});
