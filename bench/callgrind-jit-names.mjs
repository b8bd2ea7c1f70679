// Names V8's generated code in a callgrind dump. callgrind knows only the symbols of files, so
// JIT-compiled JavaScript shows as bare addresses (`fn=(12) 0x0000000012345678`, or `fn=0x…`). A server started
// with `--perf-basic-prof` (NODE_OPTIONS; BENCH_PERF_MAP=1 in the benches) writes
// /tmp/perf-<pid>.map, one `start size name` line per code object, as Linux perf reads it; this
// rewrites each such address to its name, so callgrind_annotate can show and sum it.
//
//   node bench/callgrind-jit-names.mjs <dump> [perf map] > named.out; callgrind_annotate named.out
//   node bench/callgrind-jit-names.mjs <dump> [perf map] --by-source   self instructions by file
import fs from 'node:fs';
import { codeAt, readPerfMap } from './perf-map.mjs';

const [dumpFile, ...rest] = process.argv.slice(2);
const bySource = rest.includes('--by-source');
const dump = fs.readFileSync(dumpFile, 'utf8');
const pid = /^pid:\s*(\d+)/m.exec(dump)?.[1];
const mapFile = rest.find((a) => !a.startsWith('--')) ?? `/tmp/perf-${pid}.map`;

const ranges = readPerfMap(fs.readFileSync(mapFile, 'utf8'));
const nameOf = (address) => codeAt(ranges, address);

// `fn=(12) 0x…` in a compressed dump, `fn=0x…` in one written with --compress-strings=no.
const named = dump.replace(/^(c?fn=(?:\(\d+\) )?)0x([0-9a-f]+)$/gm, (line, head, hex) => {
  const name = nameOf(Number.parseInt(hex, 16));
  return name ? `${head}${name} [0x${hex}]` : line;
});

if (!bySource) {
  process.stdout.write(named);
} else {
  // Self instructions by where the code comes from: the JavaScript file of a JIT frame (its
  // package under node_modules, or node: for Node's own), else the object file.
  const names = new Map();
  const totals = new Map();
  let object = '';
  const objects = new Map();
  let current = '';
  let inCall = false;
  for (const line of named.split('\n')) {
    let m = /^ob=\((\d+)\)(?: (.*))?$/.exec(line);
    if (m) {
      if (m[2]) objects.set(m[1], m[2]);
      object = objects.get(m[1]);
      continue;
    }
    m = /^fn=\((\d+)\)(?: (.*))?$/.exec(line);
    if (m) {
      if (m[2]) names.set(m[1], m[2]);
      current = sourceOf(names.get(m[1]), object);
      continue;
    }
    m = /^cfn=\((\d+)\)(?: (.*))?$/.exec(line);
    if (m) {
      if (m[2]) names.set(m[1], m[2]);
      continue;
    }
    if (line.startsWith('calls=')) {
      inCall = true; // the next cost line is the call's inclusive cost, not self
      continue;
    }
    m = /^[+-]?\d+ (\d+)$/.exec(line) ?? /^\* (\d+)$/.exec(line);
    if (m) {
      if (inCall) inCall = false;
      else totals.set(current, (totals.get(current) ?? 0) + Number(m[1]));
    }
  }
  const total = [...totals.values()].reduce((a, b) => a + b, 0);
  for (const [source, ir] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(
      `${((100 * ir) / total).toFixed(1).padStart(5)} %  ${(ir / 1e6).toFixed(2).padStart(9)} M  ${source}`,
    );
  console.log(`total ${(total / 1e6).toFixed(2)} M`);
}

function sourceOf(name, object) {
  if (!name) return object ?? '?';
  const js = /^JS:\S+ .*? ((?:node:|file:\/\/|\/)\S+?)(?::\d+){0,2}$/.exec(name);
  if (js) {
    const file = js[1];
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
    if (pkg) return `js ${pkg[1]}`;
    if (file.startsWith('node:')) return "js node: (Node's own JavaScript)";
    return `js ${file.replace(/^file:\/\//, '').replace(/^.*\/(apps|bench|packages)\//, '$1/')}`;
  }
  if (name.startsWith('0x')) return 'JIT code without a name';
  if (/^(JS|Builtin|BytecodeHandler|RegExp|Stub|Handler):/.test(name)) return `v8 ${name.split(':')[0]}`;
  if (name.startsWith('Builtins_')) return 'v8 builtins (embedded)';
  return object ?? '?';
}
