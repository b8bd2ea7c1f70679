// Compiles the server into one ES module, apps/api/dist/server.mjs, which `npm run serve` runs
// with plain node. Running the TypeScript through tsx instead costs ~90 MB of memory (its
// compiler and the source it keeps), which the 300 MB budget of the records issue cannot spare.
// Our own code (and @idara/domain, which ships TypeScript) is bundled; npm packages stay imports.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { templateFile, writeTemplate } from './src/db/pglite-template.mjs';

const root = import.meta.dirname;
const out = path.join(root, 'dist');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies)
  .filter((name) => name !== '@idara/domain')
  .flatMap((name) => [name, `${name}/*`]);

// The new-database template (pglite-template.mjs) outlives a rebuild while PGlite stays the same:
// making it runs initdb (~10 s, ~700 MB of memory).
const template = templateFile(out);
const keptTemplate = fs.existsSync(template) ? fs.readFileSync(template) : null;
fs.rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'src/main.ts')],
  outfile: path.join(out, 'server.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  external,
  logLevel: 'warning',
});
// Files the server finds next to itself at run time (paths from import.meta in client.ts,
// pglite-worker-client.ts and http/spreadsheet.ts).
fs.cpSync(path.join(root, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
fs.copyFileSync(path.join(root, 'src/db/pglite-worker.mjs'), path.join(out, 'pglite-worker.mjs'));
fs.copyFileSync(path.join(root, 'src/http/spreadsheet-worker.mjs'), path.join(out, 'spreadsheet-worker.mjs'));
if (keptTemplate) fs.writeFileSync(template, keptTemplate);
else await writeTemplate(template);
console.log(`built ${path.relative(process.cwd(), path.join(out, 'server.mjs'))}`);
