// Where a server's instructions per request go: the self (exclusive) instructions of each function
// in a window of 2N requests minus those in a window of N, divided by N — the same difference the
// instruction bench takes of the totals (bench/instructions.ts), taken function by function.
// callgrind_annotate (valgrind 3.19) cannot subtract one dump from another, and cg_diff reads
// cachegrind's format only (no `calls=` lines), so this reads callgrind's format itself. The dumps
// must name their functions in every part (`--compress-strings=no`, as bench/callgrind.ts runs
// valgrind); V8's generated code is named from the server's /tmp/perf-<pid>.map (BENCH_PERF_MAP=1),
// as bench/callgrind-jit-names.mjs does.
//
//   node bench/callgrind-diff.mjs --n 100 --stack <N dump> <2N dump> [<N dump> <2N dump> …] \
//                                          --bare <N dump> <2N dump> [… ]  [--top 30] [--inclusive]
//                                          [--callers <regex>]
//
// Each side's pairs are the main thread's files (`<side>.<pid>.<n>-01`) of its window pairs; with
// several pairs the figures are their mean. Printed per side: the top functions by self instructions
// per request; then both sides by group (our bundle by source module, npm packages, Node's
// JavaScript, V8's builtins, GC, compilers and runtime, Node's C++, libuv, OpenSSL, libc…) and the
// functions whose per-request count differs most between the two sides. `--inclusive` adds the
// functions by inclusive instructions (self + what they call; recursion counts twice), for the
// callers of builtins; `--callers <regex>` the calls of the functions whose name matches, by caller.
import fs from 'node:fs';
import path from 'node:path';
import { codeAt, readPerfMap } from './perf-map.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : args[i + 1];
};
const n = Number(option('--n', Number.NaN));
const top = Number(option('--top', 30));
const inclusive = args.includes('--inclusive');
const callersOf = option('--callers') && new RegExp(option('--callers'));
const filesOf = (flag) => {
  const i = args.indexOf(flag);
  if (i < 0) return [];
  const files = [];
  for (let j = i + 1; j < args.length && !args[j].startsWith('--'); j++) files.push(args[j]);
  if (files.length % 2) throw new Error(`${flag}: dumps come in pairs (N window, 2N window)`);
  return files;
};
const sides = { stack: filesOf('--stack'), bare: filesOf('--bare') };
if (!(n > 0) || (!sides.stack.length && !sides.bare.length)) {
  console.error(
    'usage: callgrind-diff.mjs --n <N> --stack <N dump> <2N dump> … [--bare <N dump> <2N dump> …] [--top 30] [--inclusive]',
  );
  process.exit(2);
}

// --- V8's code by address (/tmp/perf-<pid>.map) and our bundle's lines by source module ---------

const perfMaps = new Map();
function jitName(pid, address) {
  if (!perfMaps.has(pid)) {
    const file = `/tmp/perf-${pid}.map`;
    perfMaps.set(pid, fs.existsSync(file) ? readPerfMap(fs.readFileSync(file, 'utf8')) : []);
  }
  return codeAt(perfMaps.get(pid), address);
}

// esbuild starts each module of the bundle with a `// <path>` line.
const bundles = new Map();
function moduleAt(file, line) {
  if (!bundles.has(file)) {
    const starts = [];
    if (fs.existsSync(file))
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((text, i) => {
          const m = /^\/\/ ((?:\.\.\/)*[\w@./-]+\.(?:ts|tsx|mjs|js|json))$/.exec(text);
          if (m) starts.push({ line: i + 1, module: m[1].replace(/^(\.\.\/)+/, '') });
        });
    bundles.set(file, starts);
  }
  let module = '(bundle prelude)';
  for (const s of bundles.get(file)) {
    if (s.line > line) break;
    module = s.module;
  }
  return module;
}

// --- Groups --------------------------------------------------------------------------------------

const gc =
  /^(v8::internal::(Heap|Scaveng|MarkCompact|MarkingVisitor|Marking|MainMarking|ConcurrentMarking|IncrementalMarking|MinorM|Sweep|Evacuat|GCTracer|MemoryAllocator|PagedSpace|NewSpace|SemiSpace|PagedNewSpace|MemoryChunk|MutablePageMetadata|PageMetadata|RememberedSet|SlotSet|TypedSlot|Page|LargeObjectSpace|ArrayBufferSweeper|ArrayBufferExtension|LocalHeap|Safepoint|WeakObjects|EphemeronHashTable|RootsVisitor|ObjectVisitor|HeapObjectVisitor|HeapVisitor|FullEvacuator|Evacuator|PointersUpdating|IterateAndScavenge|ScavengeVisitor|ScavengerCollector|StrongRootsEntry|GlobalHandles|TracedHandles|EmbedderStackState|CppHeap)|cppgc::)/;
const compiler =
  /^v8::internal::(compiler::|maglev::|baseline::|Compiler|BaselineBatchCompiler|OptimizingCompile|Parser|ParserBase|PreParser|Scanner|AstValueFactory|AstNode|DeclarationScope|Scope|interpreter::Bytecode(Generator|ArrayBuilder|RegisterOptimizer)|Zone|TurbofanCompilationJob|UnoptimizedCompilationJob|SharedFunctionInfo::|Deoptimizer|Assembler|MacroAssembler|TurboAssembler|RegExpCompiler|RegExpBytecode|RegExpParser|RegExpImpl::Compile)/;

function groupOf(name, object) {
  const js = /^JS:(\S*) (?:.*? )?((?:node:|file:\/\/|\/)\S+?)(?::(\d+))?(?::\d+)?$/.exec(name);
  if (js) {
    const file = js[2].replace(/^file:\/\//, '');
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
    if (pkg) return ['npm', pkg[1]];
    if (file.startsWith('node:')) return ["Node's JavaScript", file];
    if (/\/dist\/server\.mjs$/.test(file)) return ['ours (dist/server.mjs)', moduleAt(file, Number(js[3]))];
    return ['other JavaScript', file.replace(/^.*\/(apps|bench|packages)\//, '$1/')];
  }
  if (/^JS:/.test(name)) return ['V8 builtins (JS:, no file)', name.split(' ')[0]];
  if (/^0x[0-9a-f]+$/.test(name)) return ['V8 generated code without a name', ''];
  if (/^(Builtin|BytecodeHandler|Stub|Handler|RegExp):/.test(name))
    return ['V8 builtins', name.split(':')[0]];
  if (/^Builtins_/.test(name)) {
    if (/Handler(Wide|ExtraWide)?$/.test(name) || /InterpreterEntryTrampoline/.test(name))
      return ['V8 builtins', 'interpreter'];
    if (/Baseline/.test(name)) return ['V8 builtins', 'baseline'];
    return ['V8 builtins', 'other'];
  }
  const ob = path.basename(object ?? '?');
  // C++ names as the demangler writes them, return type first: classified by their namespace.
  const head = name.split('(')[0];
  const qualified = /\b(?:v8|node|cppgc|icu_\d+|simdutf|ada|std|uvwasi|nghttp2)::.*/.exec(head)?.[0] ?? name;
  if (
    /^(deflate\w*|inflate\w*|compress_block|longest_match|build_tree|pqdownheap|send_tree|scan_tree|send_bits|fill_window|_tr_\w+|crc32\w*|adler32\w*|gen_bitlen|gen_codes|bi_\w+|flush_pending|read_buf|zcalloc|zcfree|Cr_z_\w*|copy_with_crc|crc_fold\w*|insert_string\w*|updatewindow|inflate_fast)(\.\w+)*$/.test(
      name,
    )
  )
    return ['zlib (gzip/deflate)', ''];
  if (/^(Brotli|brotli)/.test(name)) return ['brotli', ''];
  if (/libcrypto|libssl/.test(ob)) return ['OpenSSL', ob];
  if (
    /^(SHA\d*_|sha\d+_|EVP_|OPENSSL_|CRYPTO_|ossl_|BN_|bn_|RAND_|HMAC|KECCAK|ERR_|ASN1_|OBJ_|aesni_|ChaCha|Poly1305|x25519)/.test(
      name,
    )
  )
    return ['OpenSSL', 'in node'];
  if (/^(libc\.so|libc-|ld-linux|libm\.so|libpthread|libdl)/.test(ob)) return ['libc', ob];
  if (/^libstdc\+\+/.test(ob)) return ['libstdc++', ob];
  if (/vgpreload|valgrind/.test(ob)) return ['valgrind', ob];
  if (/^(uv_|uv__)/.test(name)) return ['libuv', ''];
  if (/^llhttp_|^llhttp__/.test(name)) return ['llhttp (Node)', ''];
  if (/^(icu_\d+::|u_|ucol_|ubrk_|ucnv_|uloc_|unorm)/.test(qualified)) return ['ICU', ''];
  if (/^(simdutf|simdjson|ada::|nghttp|zlib)/i.test(qualified))
    return ["Node's libraries", name.split(/::|_/)[0]];
  if (/^node::/.test(qualified)) return ["Node's C++", qualified.split('::')[1] ?? ''];
  if (gc.test(qualified)) return ['V8 GC', ''];
  if (compiler.test(qualified)) return ['V8 parse/compile/deopt', ''];
  if (/^(v8::|Builtin_|Runtime_)/.test(qualified)) return ['V8 runtime', ''];
  if (/^(std::|operator new|operator delete|__cxx|__gnu)/.test(qualified)) return ['libstdc++', 'in node'];
  return [`other in ${ob}`, ''];
}

// --- A dump's self (and inclusive) instructions by function ---------------------------------------

function readDump(file) {
  const text = fs.readFileSync(file, 'utf8');
  const pid = Number(/^pid:\s*(\d+)/m.exec(text)?.[1]);
  const self = new Map();
  const calls = new Map();
  const names = new Map(); // (id) → name, when the dump is compressed after all
  const objects = new Map();
  let object = '';
  let fn = '';
  let inCall = false;
  const nameOf = (value, table) => {
    const m = /^\((\d+)\)(?: (.*))?$/.exec(value);
    if (!m) return value;
    if (m[2] !== undefined) table.set(m[1], m[2]);
    return table.get(m[1]) ?? value;
  };
  const named = (raw) => {
    const m = /^0x([0-9a-f]+)$/.exec(raw);
    const jit = m ? jitName(pid, Number.parseInt(m[1], 16)) : undefined;
    return jit ?? raw;
  };
  const key = (name, ob) => `${name}\u0000${ob}`;
  let callee = '';
  let calleeObject = '';
  const edges = new Map(); // caller → callee: the calls' inclusive instructions
  const call = (ir) => {
    if (callee !== fn) calls.set(fn, (calls.get(fn) ?? 0) + ir);
    const edge = `${fn}\u0002${callee}`;
    edges.set(edge, (edges.get(edge) ?? 0) + ir);
  };
  for (const line of text.split('\n')) {
    const c = line.charCodeAt(0);
    if (c >= 48 && c <= 57) {
      // a cost line: "<position> <Ir>"
      const space = line.indexOf(' ');
      const ir = Number(line.slice(space + 1).split(' ')[0]);
      if (inCall) {
        inCall = false;
        call(ir);
      } else self.set(fn, (self.get(fn) ?? 0) + ir);
      continue;
    }
    if (c === 43 || c === 45 || c === 42) {
      // "+3 5", "-2 5", "* 5": relative positions
      const ir = Number(line.split(' ')[1]);
      if (inCall) {
        inCall = false;
        call(ir);
      } else self.set(fn, (self.get(fn) ?? 0) + ir);
      continue;
    }
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    const field = line.slice(0, eq);
    const value = line.slice(eq + 1);
    if (field === 'ob') {
      object = nameOf(value, objects);
      calleeObject = object;
    } else if (field === 'fn') fn = key(named(nameOf(value, names)), object);
    else if (field === 'cob') calleeObject = nameOf(value, objects);
    else if (field === 'cfn') {
      callee = key(named(nameOf(value, names)), calleeObject);
      calleeObject = object;
    } else if (field === 'calls') inCall = true;
  }
  return { self, calls, edges, pid };
}

function perRequest(files) {
  const self = new Map();
  const incl = new Map();
  const edges = new Map();
  const pairs = files.length / 2;
  const add = (map, k, v) => map.set(k, (map.get(k) ?? 0) + v / (n * pairs));
  for (let i = 0; i < files.length; i += 2) {
    for (const [file, sign] of [
      [files[i], -1],
      [files[i + 1], 1],
    ]) {
      const d = readDump(file);
      for (const [k, v] of d.self) {
        add(self, k, sign * v);
        add(incl, k, sign * v);
      }
      for (const [k, v] of d.calls) add(incl, k, sign * v);
      for (const [k, v] of d.edges) add(edges, k, sign * v);
    }
  }
  return { self, incl, edges };
}

// --- Printing ------------------------------------------------------------------------------------

const M = (x) => `${(x / 1e6).toFixed(3).padStart(8)} M`;
const K = (x) => `${(x / 1e3).toFixed(1).padStart(8)} k`;
const label = (k) => {
  const [name, ob] = k.split('\u0000');
  const [group, detail] = groupOf(name, ob);
  const short = name.length > 110 ? `${name.slice(0, 107)}…` : name;
  return `${short}  [${group}${detail ? `: ${detail}` : ''}]`;
};

const results = {};
for (const [side, files] of Object.entries(sides)) {
  if (!files.length) continue;
  const r = perRequest(files);
  results[side] = r;
  const total = [...r.self.values()].reduce((a, b) => a + b, 0);
  console.log(
    `\n== ${side}: ${files.length / 2} window pair(s), N = ${n}: ${M(total)} a request (self, all functions)`,
  );
  console.log(`-- top ${top} functions by self instructions a request`);
  for (const [k, v] of [...r.self].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${K(v)}  ${label(k)}`);
  if (callersOf) {
    console.log(`-- top ${top} calls of functions matching ${callersOf}, inclusive instructions a request`);
    for (const [k, v] of [...r.edges]
      .filter(([e]) => callersOf.test(e.split('\u0002')[1].split('\u0000')[0]))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)) {
      const [caller, callee] = k.split('\u0002');
      console.log(`${K(v)}  ${label(caller)}\n            → ${label(callee)}`);
    }
  }
  if (inclusive) {
    console.log(`-- top ${top} functions by inclusive instructions a request`);
    for (const [k, v] of [...r.incl].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`${K(v)}  ${label(k)}`);
  }
}

const groups = (r, detailed) => {
  const out = new Map();
  for (const [k, v] of r?.self ?? []) {
    const [name, ob] = k.split('\u0000');
    const [group, detail] = groupOf(name, ob);
    const g = detailed && detail ? `${group}: ${detail}` : group;
    out.set(g, (out.get(g) ?? 0) + v);
  }
  return out;
};
const table = (detailed) => {
  const s = groups(results.stack, detailed);
  const b = groups(results.bare, detailed);
  const all = [...new Set([...s.keys(), ...b.keys()])]
    .map((g) => [g, s.get(g) ?? 0, b.get(g) ?? 0])
    .filter(([, x, y]) => Math.abs(x) >= 500 || Math.abs(y) >= 500)
    .sort((x, y) => Math.abs(y[1] - y[2]) - Math.abs(x[1] - x[2]));
  console.log(`${'stack'.padStart(10)} ${'bare'.padStart(10)} ${'stack−bare'.padStart(10)}  group`);
  for (const [g, x, y] of all.slice(0, detailed ? 2 * top : top))
    console.log(`${K(x)} ${K(y)} ${K(x - y)}  ${g}`);
  const tx = [...s.values()].reduce((a, c) => a + c, 0);
  const ty = [...b.values()].reduce((a, c) => a + c, 0);
  console.log(`${K(tx)} ${K(ty)} ${K(tx - ty)}  total`);
};
console.log('\n== self instructions a request by group');
table(false);
console.log('\n== by group and detail (module of our bundle, package, library)');
table(true);

if (results.stack && results.bare) {
  // Functions by name (V8's tier marker dropped, so a function counts once across its tiers).
  const byName = (r) => {
    const out = new Map();
    for (const [k, v] of r.self) {
      const name = k.split('\u0000')[0].replace(/^JS:[*~^+]?/, 'JS:');
      out.set(name, (out.get(name) ?? 0) + v);
      out.set(`${name}\u0001`, k);
    }
    return out;
  };
  const s = byName(results.stack);
  const b = byName(results.bare);
  const names = [...new Set([...s.keys(), ...b.keys()])].filter((k) => !k.endsWith('\u0001'));
  console.log(`\n== top ${top} functions by |stack − bare| self instructions a request`);
  console.log(`${'stack'.padStart(10)} ${'bare'.padStart(10)} ${'stack−bare'.padStart(10)}  function`);
  for (const name of names
    .sort((x, y) => Math.abs((s.get(y) ?? 0) - (b.get(y) ?? 0)) - Math.abs((s.get(x) ?? 0) - (b.get(x) ?? 0)))
    .slice(0, top)) {
    const x = s.get(name) ?? 0;
    const y = b.get(name) ?? 0;
    console.log(`${K(x)} ${K(y)} ${K(x - y)}  ${label(s.get(`${name}\u0001`) ?? b.get(`${name}\u0001`))}`);
  }
}
