// Measures concurrent customer PDF exports: wall time per request and the peak resident memory of
// this process plus every process it started (Chromium), summed from /proc every 100 ms.
//   npx tsx apps/api/scripts/measure-pdf-exports.ts [customers=1000] [requests=10]
// Each request is made by its own user, so the per-user limit does not refuse any of them.
import fs from 'node:fs';
import { createTestApp } from '../src/test/harness';

const CUSTOMERS = Number(process.argv[2] ?? 1000);
const REQUESTS = Number(process.argv[3] ?? 10);

function treeRssBytes(root: number): number {
  const children = new Map<number, number[]>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {}
  }
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    } catch {}
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

const t = await createTestApp();
const admin = await t.adminToken();
const csv = ['اسم العميل,رقم الجوال,المدينة,الحي,ملاحظات'];
for (let i = 0; i < CUSTOMERS; i++) {
  csv.push(
    `عميل تجريبي رقم ${i} للخدمات العامة,05${String(10_000_000 + i).padStart(8, '0')},الرياض,حي النرجس,ملاحظة قصيرة عن العميل ${i}`,
  );
}
const boundary = '----measure';
const imported = await t.inject({
  method: 'POST',
  url: '/api/customer/import',
  token: admin,
  headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  payload: Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv.join('\r\n')),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]),
});
console.log('import', imported.statusCode, imported.json().imported);
const tokens: string[] = [];
for (let i = 0; i < REQUESTS; i++)
  tokens.push((await t.userWith('admin', undefined, `055${String(1_000_000 + i)}`)).token);

// Warm: Chromium launched and exceljs/fonts loaded, so the run measures the exports themselves.
const warm = await t.inject({
  method: 'GET',
  url: '/api/customer/export?fileType=pdf&limit=1&search=9999',
  token: admin,
});
console.log('warm', warm.statusCode);

const before = treeRssBytes(process.pid);
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, treeRssBytes(process.pid));
}, 100);
const start = performance.now();
const results = await Promise.all(
  tokens.map(async (token) => {
    const res = await t.inject({ method: 'GET', url: '/api/customer/export?fileType=pdf', token });
    return {
      status: res.statusCode,
      ms: Math.round(performance.now() - start),
      bytes: res.rawPayload.length,
    };
  }),
);
clearInterval(sampler);
const mb = (b: number) => Math.round(b / 1024 / 1024);
console.log(
  JSON.stringify({
    customers: CUSTOMERS,
    requests: REQUESTS,
    beforeMb: mb(before),
    peakMb: mb(peak),
    results,
  }),
);
console.log(
  `wall ${Math.round(performance.now() - start)} ms, peak tree RSS ${mb(peak)} MB (before ${mb(before)} MB)`,
);
await t.close();
process.exit(0);
