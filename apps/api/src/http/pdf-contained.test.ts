import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePdfBrowser, htmlToPdf } from './pdf';

/** The PDF browser is contained: no script runs and no request leaves the document. */

let server: http.Server;
let requests: string[] = [];
let origin = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    res.end('x');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await closePdfBrowser();
  await new Promise((resolve) => server.close(resolve));
});

const textOf = (pdf: Buffer) => {
  const file = path.join(os.tmpdir(), `idara-contained-${process.pid}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');
  } finally {
    fs.rmSync(file, { force: true });
  }
};

describe('printing a document', () => {
  it('runs no script and makes no request, while inline images and fonts still draw', async () => {
    requests = [];
    const html = `<!doctype html><html dir="rtl" lang="ar"><head><meta charset="utf-8">
      <link rel="stylesheet" href="${origin}/style.css"><style>@font-face{font-family:x;src:url(${origin}/font.woff2)}</style></head>
      <body><p id="p">نص الفاتورة الأصلي</p>
      <img src="${origin}/pixel.png"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
      <iframe src="${origin}/frame"></iframe>
      <script>document.getElementById('p').textContent = 'SCRIPT RAN'; fetch('${origin}/fetch');</script>
      </body></html>`;
    const pdf = await htmlToPdf(html, { requester: 'test' });
    const text = textOf(pdf);
    expect(text).toContain('الفاتورة');
    expect(text).not.toContain('SCRIPT RAN');
    expect(requests).toEqual([]);
  }, 60_000);
});
