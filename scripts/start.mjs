// `npm start`: build only when the build is missing or older than what it is built from, then
// serve. (A full build takes about two minutes on two cores; most starts need none.)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outputs = ['apps/web/dist/index.html', 'apps/api/dist/server.mjs'];
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/route-rules.json',
  'apps/web/package.json',
  'apps/api/src',
  'apps/api/build.mjs',
  'apps/api/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'package-lock.json',
];

/** The newest modification time under `p` (a file or a folder), 0 when it does not exist. */
function newest(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

const built = Math.min(...outputs.map((o) => newest(path.join(root, o)) || 0));
const source = Math.max(...inputs.map((i) => newest(path.join(root, i))));
const run = (script) => {
  const result = spawnSync('npm', ['run', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (built === 0 || source > built) {
  console.log(built === 0 ? 'No build yet: building…' : 'Sources changed since the last build: building…');
  run('build');
} else {
  console.log('The build is up to date.');
}
// `npm run serve`'s command, run directly (npm's shell would not pass a stop signal on), as a child
// that hears the signals this process gets (a container's stop).
const [command, ...args] = JSON.parse(
  fs.readFileSync(path.join(root, 'package.json'), 'utf8'),
).scripts.serve.split(' ');
if (command !== 'node') throw new Error('the serve script is expected to start with node');
const server = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
