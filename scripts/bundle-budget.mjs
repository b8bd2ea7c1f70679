#!/usr/bin/env node
/**
 * The web app's JavaScript budgets (issue 8; docs/PERFORMANCE.md), measured on a build's
 * .vite/manifest.json and the `.gz` files the build writes (what the server sends):
 *
 * - shell: the entry chunk, the layouts and the sign-in page, with every chunk they import
 *   statically — what a browser must fetch to show the sign-in page and then the app's frame.
 *   Chunks loaded later by a dynamic import (a route's page, socket.io after sign-in, a dialog on
 *   first use) are not part of it.
 * - each route: its page chunk with its static imports, less what the shell already loaded.
 *
 * `node scripts/bundle-budget.mjs [dist]` prints the table; e2e/budget.spec.ts enforces it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BUDGET = { shellKb: 170, routeKb: 350 };

/** Source files whose chunks make up the shell, besides the entry (index.html). */
export const SHELL_SOURCES = ['src/features/auth/SigninPage.tsx', 'src/app/layouts/DefaultLayout.tsx'];

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

export function readManifest(dist) {
  return JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
}

/** Every manifest key reached from `keys` through static imports. */
function staticClosure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return seen;
}

function gzipBytes(dist, manifest, keys) {
  let total = 0;
  for (const key of keys) {
    const file = path.join(dist, manifest[key].file);
    total += fs.statSync(`${file}.gz`).size;
  }
  return total;
}

export function measureBundle(dist) {
  const manifest = readManifest(dist);
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('no entry in the manifest');
  // A layout statically imported by the entry has no manifest key of its own; it is in the entry.
  const shellKeys = staticClosure(manifest, [entry, ...SHELL_SOURCES.filter((s) => manifest[s])]);
  const shellFiles = [...shellKeys].map((k) => manifest[k].file);
  const routes = Object.keys(manifest)
    .filter((k) => manifest[k].isDynamicEntry && k.startsWith('src/'))
    .map((src) => {
      const own = [...staticClosure(manifest, [src])].filter((k) => !shellKeys.has(k));
      return { src, gzipKb: kb(gzipBytes(dist, manifest, own)), files: own.map((k) => manifest[k].file) };
    })
    .sort((a, b) => b.gzipKb - a.gzipKb);
  return {
    shell: { gzipKb: kb(gzipBytes(dist, manifest, shellKeys)), files: shellFiles },
    routes,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? 'apps/web/dist');
  const { shell, routes } = measureBundle(dist);
  console.log(`shell (sign-in + layout): ${shell.gzipKb} KB gzip (budget ${BUDGET.shellKb})`);
  for (const f of shell.files) {
    console.log(`  ${f} ${kb(fs.statSync(path.join(dist, `${f}.gz`)).size)}`);
  }
  console.log(`largest route chunks (budget ${BUDGET.routeKb} KB gzip each):`);
  for (const r of routes.slice(0, 10)) console.log(`  ${String(r.gzipKb).padStart(6)} KB  ${r.src}`);
}
