// Three concurrent imports of a 200,000-row XLSX (each by its own user) while /api/health is asked
// in a loop: how long health takes at worst, the event loop's longest stall, and the imports' time.
//   npx tsx apps/api/scripts/measure-imports.ts
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { createTestApp, multipartFile } from '../src/test/harness';

const out = new PassThrough();
const done = buffer(out);
const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
const sheet = book.addWorksheet('العملاء');
sheet.addRow(['اسم العميل', 'رقم الجوال', 'المدينة', 'ملاحظات']).commit();
for (let i = 0; i < 200_000; i++) sheet.addRow([`عميل ${i}`, 550_000_000 + i, 'الرياض', 'ملاحظة']).commit();
sheet.commit();
await book.commit();
const file = await done;

const t = await createTestApp();
const tokens = [];
for (let i = 0; i < 3; i++)
  tokens.push((await t.userWith('admin', undefined, `055${String(2_000_000 + i)}`)).token);
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const start = performance.now();
let finished = 0;
const imports = tokens.map((token) =>
  t
    .inject({
      method: 'POST',
      url: '/api/customer/import',
      token,
      ...multipartFile('big.xlsx', file, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    })
    .then((r) => {
      finished++;
      return { status: r.statusCode, ms: Math.round(performance.now() - start) };
    }),
);
let worstHealth = 0;
let healthCount = 0;
while (finished < imports.length) {
  const s = performance.now();
  await t.inject({ method: 'GET', url: '/api/health' });
  worstHealth = Math.max(worstHealth, performance.now() - s);
  healthCount++;
}
const results = await Promise.all(imports);
delay.disable();
console.log(
  JSON.stringify({
    fileBytes: file.length,
    results,
    worstHealthMs: Math.round(worstHealth),
    healthCount,
    maxLoopDelayMs: Math.round(delay.max / 1e6),
  }),
);
await t.close();
process.exit(0);
