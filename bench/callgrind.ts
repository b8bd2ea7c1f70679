/**
 * Instructions per request, counted by valgrind's callgrind in a server process, thread by thread:
 * the main thread (the event loop, where requests are served) apart from the whole process. V8's
 * background threads (concurrent compiles, marking, sweeping) and libuv's pool do work that lands
 * in whichever window it happens to fall; under callgrind's slowdown that is tens of millions of
 * instructions a window, which the difference of two windows does not remove. Unlike CPU time, an
 * instruction count does not move with what else the machine (or its host) runs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * valgrind as the servers run under it. `--smc-check=all-non-file`: V8 writes machine code into
 * anonymous memory and rewrites it (JIT tiers, inline caches, wasm), which valgrind must notice or it
 * would run stale translations. Node runs with its real JIT (no `--jitless`): that is what serves.
 * `--vgdb=yes` lets vgdb (as `callgrind_control` does) zero and dump the running server's counters.
 * `--separate-threads=yes`: each dump is one file per thread, `<side>.<pid>.<n>-<thread>`.
 * `--compress-strings=no --compress-pos=no`: every part names its functions (see below).
 */
/** vgdb's pipes in the bench's own directory, where the counter looks for them. */
const vgdbPrefix = (dir: string) => path.join(dir, 'vgdb');

export function callgrindWrap(dir: string, side: string) {
  return [
    'valgrind',
    '--tool=callgrind',
    '--smc-check=all-non-file',
    '--vgdb=yes',
    '--separate-threads=yes',
    // Each dump part names its files and functions in full (callgrind otherwise names a function
    // once per run and later parts refer to it by number), so callgrind_annotate reads any part alone.
    '--compress-strings=no',
    '--compress-pos=no',
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

/** A callgrind output file's instructions (Ir, its `summary:` or `totals:` line) and thread. */
function readDump(file: string) {
  const text = fs.readFileSync(file, 'utf8');
  const m = /^summary:\s+(\d+)/m.exec(text) ?? /^totals:\s+(\d+)/m.exec(text);
  if (!m) throw new Error(`${file}: no summary line`);
  const thread = /^thread:\s+(\d+)/m.exec(text);
  return {
    file,
    instructions: Number(m[1]),
    thread: thread ? Number(thread[1]) : undefined,
    // The process's first thread runs main(): the calls under it are still open at a dump, so its
    // file names them.
    startsProcess: /__libc_start_main|node::Start\b/.test(text),
    // A Node worker thread (worker_threads) runs its event loop under `node::worker::Worker::Run`,
    // likewise open at a dump. V8's platform threads (`node::(anonymous namespace)::
    // PlatformWorkerThread`, `DelayedTaskScheduler`) and libuv's pool (`worker`) run under other names.
    nodeWorker: /^fn=node::worker::Worker::Run\(/m.test(text),
    // PGlite is WebAssembly: its worker enters wasm and wasm calls back into JS (its file system)
    // and into V8 for bulk memory (memory.copy / memory.fill, PostgreSQL's memcpy and memset) for
    // every statement. Once V8 has optimised the calling JavaScript the generic JS-to-wasm builtins
    // may be gone from a window (inlined: 2026-11-29 19:29 UTC), hence the several names. Node's
    // other workers (the module-hooks thread `--import tsx` may start in the minimal server) run no
    // WebAssembly.
    runsWasm: /^c?fn=(Builtins_(JSToWasm|WasmToJs)|v8::internal::wasm::memory_(copy|fill)_wrapper\()/m.test(
      text,
    ),
  };
}

export interface CallgrindDump {
  /** Instructions of the main thread (valgrind's thread 1, which runs `main`) since the last zero. */
  main: number;
  /** Instructions of all the process's threads since the last zero. */
  process: number;
  /** The main thread's file (for callgrind_annotate). */
  mainFile: string;
  /**
   * Instructions of the process's one Node worker thread since the last zero, when it has one in
   * the dump: on the embedded database, PGlite's (db/pglite-worker-client.ts), where each request's
   * SQL runs. `callgrindCounter`'s `databaseWorker` makes it required.
   */
  databaseWorker?: number;
  databaseWorkerFile?: string;
  /** Node worker threads in the dump that are not the database's (that ran no WebAssembly in it). */
  otherNodeWorkers: number;
  /** Instructions of all the Node worker threads in the dump, the database's or not. */
  nodeWorkersTotal: number;
  threads: number;
}

/**
 * The callgrind process `pid` writing its dumps in `dir` as `<side>.<pid>.<n>-<thread>`.
 * `databaseWorker`: the process runs the embedded database on a Node worker thread, whose count a
 * dump must then find (`dump(true)`: a window with requests).
 */
export function callgrindCounter(
  dir: string,
  side: string,
  pid: number,
  opts: { databaseWorker?: boolean } = {},
) {
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
  // `<side>.<pid>.<n>-<thread>`: dump n, one file per thread that was alive at it.
  const dumpFile = new RegExp(`^${side}\\.${pid}\\.(\\d+)-(\\d+)$`);
  const dumps = () => {
    const byDump = new Map<number, string[]>();
    for (const f of fs.readdirSync(dir)) {
      const m = dumpFile.exec(f);
      if (!m) continue;
      const n = Number(m[1]);
      byDump.set(n, [...(byDump.get(n) ?? []), path.join(dir, f)]);
    }
    return byDump;
  };
  return {
    /** Zeroes the counters (every thread's): what follows is counted from here. */
    zero: () => void control('zero'),
    /**
     * Dumps the counters since the last zero: the main thread's, the database worker's and the whole
     * process's. `requests`: the window served requests, so a database worker (when the counter
     * expects one) did work and must be found; an idle window may leave it without a file that
     * names it.
     */
    dump(requests = false): CallgrindDump {
      const before = new Set(dumps().keys());
      const answer = control('dump');
      const fresh = [...dumps()].filter(([n]) => !before.has(n)).sort((a, b) => a[0] - b[0]);
      if (!fresh.length) throw new Error(`callgrind wrote no dump for ${side} (${pid}): ${answer}`);
      const threads = fresh.at(-1)![1].map(readDump);
      // Thread 1 is the process's first thread; its file must also show main() under way, or the
      // numbering is not what this relies on.
      const main = threads.find((t) => t.thread === 1) ?? threads.find((t) => t.startsProcess);
      if (!main?.startsProcess)
        throw new Error(
          `${side} (${pid}): no dump file of the main thread among ${threads.map((t) => t.file)}`,
        );
      // The database's worker is the Node worker thread that runs WebAssembly (PGlite). While the
      // bench counts it is the only such: the start-up VACUUM's worker has exited, and the app
      // starts another worker (http/spreadsheet.ts, no WebAssembly) only for an export. The minimal
      // server also has tsx's module-hooks thread, a Node worker without WebAssembly, not counted
      // (the app, built, has none). More than one, or none where the database's is expected (a
      // window with requests; idle, its file may name nothing), and the count would not be what it
      // says.
      const nodeWorkers = threads.filter((t) => t !== main && t.nodeWorker);
      const workers = nodeWorkers.filter((t) => t.runsWasm);
      if (workers.length > 1)
        throw new Error(
          `${side} (${pid}): ${workers.length} Node worker threads run WebAssembly, one expected (the database's): ${workers.map((t) => t.file)}`,
        );
      if (opts.databaseWorker && requests && !workers.length)
        throw new Error(
          `${side} (${pid}): no dump file of the database worker (node::worker::Worker::Run, running WebAssembly) among ${threads.map((t) => t.file)}`,
        );
      return {
        main: main.instructions,
        process: threads.reduce((sum, t) => sum + t.instructions, 0),
        mainFile: main.file,
        databaseWorker: workers[0]?.instructions,
        databaseWorkerFile: workers[0]?.file,
        otherNodeWorkers: nodeWorkers.length - workers.length,
        nodeWorkersTotal: nodeWorkers.reduce((sum, t) => sum + t.instructions, 0),
        threads: threads.length,
      };
    },
  };
}
