import fs from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
const require = createRequire('/work/wt/h3-resources/apps/api/package.json');
function treeRss(root: number) {
  const children = new Map<number, number[]>();
  for (const name of fs.readdirSync('/proc')) { if (!/^\d+$/.test(name)) continue; try { const s = fs.readFileSync(`/proc/${name}/stat`,'utf8'); const ppid = Number(s.slice(s.lastIndexOf(')')+2).split(' ')[1]); children.set(ppid,[...(children.get(ppid)??[]),Number(name)]);} catch {} }
  let t = 0; const st = [root]; while (st.length) { const p = st.pop()!; try { t += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`,'utf8'))?.[1] ?? 0)*1024; } catch {} st.push(...(children.get(p)??[])); }
  return Math.round(t/1048576);
}
const fontCss = [400,700].map(w => { const f = require.resolve(`@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-${w}-normal.woff2`); return `@font-face{font-family:'IBM Plex Sans Arabic';font-weight:${w};src:url(data:font/woff2;base64,${fs.readFileSync(f).toString('base64')}) format('woff2');}`; }).join('');
const N = Number(process.argv[2] ?? 1000);
const variant = process.argv[3] ?? 'base';
const cols = 18;
const rows: string[] = [];
for (let i = 0; i < N; i++) { const cells: string[] = []; for (let c = 0; c < cols; c++) cells.push(c === 2 ? `<td class="n">055 ${1000000+i}</td>` : (variant.includes('latin') ? `<td>customer test ${i} service ${c}</td>` : `<td>عميل تجريبي ${i} خدمة ${c}</td>`)); rows.push(`<tr>${cells.join('')}</tr>`); }
let extraCss = variant.includes('fixed') ? 'table{table-layout:fixed}' : '';
if (variant.includes('nowrap')) extraCss += 'td{overflow-wrap:normal}';
if (variant.includes('nocollapse')) extraCss += 'table{border-collapse:separate;border-spacing:0}';
if (variant.includes('nobg')) extraCss += 'tr:nth-child(even) td{background:none}';
if (variant.includes('noborder')) extraCss += 'th,td{border:none}';
const noAvoid = variant.includes('noavoid');
const html = `<!doctype html><html dir="rtl" lang="ar"><head><meta charset="utf-8"><style>${variant.includes('nofont')?'':fontCss}
    @page{size:A4 landscape;margin:12mm 10mm}
    body{font-family:'IBM Plex Sans Arabic',sans-serif;font-size:8pt;color:#111;margin:0}
    table{width:100%;border-collapse:collapse} th,td{border:0.5pt solid #bbb;padding:2pt 3pt;text-align:start;vertical-align:top}
    td{overflow-wrap:anywhere} td.n{white-space:nowrap;overflow-wrap:normal}
    th{background:#e8eef5;font-weight:700} tr:nth-child(even) td{background:#f7f9fb}
    thead{display:table-header-group} ${noAvoid?'':'tr{page-break-inside:avoid}'} ${extraCss}
    </style></head><body><h1>x</h1><table><thead><tr>${'<th>عنوان</th>'.repeat(cols)}</tr></thead><tbody>${rows.join('')}</tbody></table></body></html>`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking'] });
const base = treeRss(process.pid);
let peak = base; const timer = setInterval(() => { peak = Math.max(peak, treeRss(process.pid)); }, 50);
const t0 = performance.now();
const page = await browser.newPage();
await page.setContent(html, { waitUntil: 'load' });
await page.evaluate('document.fonts.ready');
const t1 = performance.now();
const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true, displayHeaderFooter: !variant.includes('nofooter'), headerTemplate: '<span></span>', footerTemplate: '<div style="font-size:8pt;width:100%;text-align:center;color:#777"><span class="pageNumber"></span> / <span class="totalPages"></span></div>' });
const t2 = performance.now();
clearInterval(timer);
console.log(variant, N, 'setContent', Math.round(t1-t0), 'pdf', Math.round(t2-t1), 'bytes', pdf.length, 'base', base, 'peak', peak);
await browser.close();
