/**
 * Summarises a V8 CPU profile (`node --cpu-prof`): self time by category (npm package, Node's own
 * code, the app's bundle, GC, idle) and the top functions by self time, as Markdown tables.
 * Samples in the first `skip` seconds (start-up, module loading) are left out.
 * Usage: node bench/cpu-profile-summary.mjs <file.cpuprofile> [top=25] [skip=0]
 */
import fs from 'node:fs';

const [file, top = '25', skip = '0'] = process.argv.slice(2);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map();
let at = 0;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i] ?? 0;
  if (at < Number(skip) * 1e6) continue;
  const id = profile.samples[i];
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}

function category({ url, functionName }) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native/V8)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node internals';
  if (url.includes('/dist/server.mjs')) return 'app (apps/api)';
  if (url.includes('/bench/')) return 'bench';
  return url;
}

const categories = new Map();
const functions = new Map();
let total = 0;
for (const [id, us] of selfUs) {
  const { callFrame } = byId.get(id);
  total += us;
  const cat = category(callFrame);
  categories.set(cat, (categories.get(cat) ?? 0) + us);
  const where = callFrame.url
    ? `${callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/apps\//, 'apps/')}:${callFrame.lineNumber + 1}`
    : '';
  const key = `${callFrame.functionName || '(anonymous)'} ${where}`.trim();
  functions.set(key, { us: (functions.get(key)?.us ?? 0) + us, cat });
}
const busy = total - (categories.get('(idle)') ?? 0);
const pct = (us) => `${((100 * us) / busy).toFixed(1)} %`;
console.log(
  `Profile: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s not idle (percentages of not idle).\n`,
);
console.log('| category | self time |\n|---|---|');
for (const [cat, us] of [...categories].sort((a, b) => b[1] - a[1]))
  if (cat !== '(idle)' && us / busy >= 0.005) console.log(`| ${cat} | ${pct(us)} |`);
console.log('\n| function | category | self time |\n|---|---|---|');
for (const [key, { us, cat }] of [...functions].sort((a, b) => b[1].us - a[1].us).slice(0, Number(top)))
  if (cat !== '(idle)') console.log(`| \`${key}\` | ${cat} | ${pct(us)} |`);
