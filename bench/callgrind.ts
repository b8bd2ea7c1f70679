/**
 * Instructions per request, counted by valgrind's callgrind in a server process (all its threads:
 * for the embedded database that includes PGlite's worker). Unlike CPU time, an instruction count
 * does not move with what else the machine (or its host) runs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * valgrind as the servers run under it. `--smc-check=all-non-file`: V8 writes machine code into
 * anonymous memory and rewrites it (JIT tiers, inline caches, wasm), which valgrind must notice or it
 * would run stale translations. Node runs with its real JIT (no `--jitless`): that is what serves.
 * `--vgdb=yes` lets vgdb (as `callgrind_control` does) zero and dump the running server's counters.
 */
/** vgdb's pipes in the bench's own directory, where the counter looks for them. */
const vgdbPrefix = (dir: string) => path.join(dir, 'vgdb');

export function callgrindWrap(dir: string, side: string) {
  return [
    'valgrind',
    '--tool=callgrind',
    '--smc-check=all-non-file',
    '--vgdb=yes',
    `--vgdb-prefix=${vgdbPrefix(dir)}`,
    `--callgrind-out-file=${path.join(dir, `${side}.%p`)}`,
  ];
}

const has = (command: string) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/** valgrind (with vgdb) from Debian's package when missing and root; otherwise says how. */
export function ensureValgrind() {
  if (has('valgrind') && has('vgdb')) return;
  if (process.getuid?.() === 0 && has('apt-get')) {
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'valgrind'], { stdio: 'inherit' });
    return;
  }
  throw new Error('the instruction bench needs valgrind: `sudo apt-get install valgrind` (Debian 12: 3.19)');
}

/** Instructions (Ir) in a callgrind output file: its `summary:` (or `totals:`) line. */
function instructionsIn(file: string) {
  const text = fs.readFileSync(file, 'utf8');
  const m = /^summary:\s+(\d+)/m.exec(text) ?? /^totals:\s+(\d+)/m.exec(text);
  if (!m) throw new Error(`${file}: no summary line`);
  return Number(m[1]);
}

/** The callgrind process `pid` writing its dumps in `dir` as `<side>.<pid>.<n>`. */
export function callgrindCounter(dir: string, side: string, pid: number) {
  // vgdb (what callgrind_control runs) sends a monitor command to the process; it answers between
  // two blocks of work, or, when it waits in a system call, after vgdb interrupts that (ptrace).
  // valgrind names its pipes after LOGNAME/USER and HOST as the server saw them (the app is given
  // HOST=127.0.0.1 to listen on): vgdb must be given the same to find them.
  const pipeOwner = () => {
    const pipe = fs
      .readdirSync(dir)
      .map((f) => new RegExp(`^vgdb-shared-mem-vgdb-${pid}-by-(.*)-on-(.*)$`).exec(f))
      .find((m) => m);
    if (!pipe) throw new Error(`no vgdb pipe for ${side} (${pid}) in ${dir}`);
    const env: Record<string, string | undefined> = { ...process.env, LOGNAME: pipe[1], HOST: pipe[2] };
    if (pipe[1] === '???') {
      delete env.LOGNAME;
      delete env.USER;
    }
    if (pipe[2] === '???') delete env.HOST;
    return env;
  };
  const control = (command: string) =>
    execFileSync('vgdb', [`--vgdb-prefix=${vgdbPrefix(dir)}`, `--pid=${pid}`, command], {
      stdio: 'pipe',
      encoding: 'utf8',
      env: pipeOwner(),
    });
  const dumps = () =>
    fs
      .readdirSync(dir)
      .filter((f) => f.startsWith(`${side}.${pid}.`))
      .map((f) => ({ f, n: Number(f.slice(f.lastIndexOf('.') + 1)) }))
      .sort((a, b) => a.n - b.n);
  return {
    /** Zeroes the counters: what follows is counted from here. */
    zero: () => void control('zero'),
    /** Dumps the counters since the last zero; their instructions and the file holding them. */
    dump() {
      const before = dumps().length;
      const answer = control('dump');
      const all = dumps();
      if (all.length <= before) throw new Error(`callgrind wrote no dump for ${side} (${pid}): ${answer}`);
      const file = path.join(dir, all.at(-1)!.f);
      return { instructions: instructionsIn(file), file };
    },
  };
}
