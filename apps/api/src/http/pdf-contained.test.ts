import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfToText } from '../test/pdf-to-text';
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
    const text = pdfToText(pdf);
    expect(text).toContain('الفاتورة');
    expect(text).not.toContain('SCRIPT RAN');
    expect(requests).toEqual([]);
  }, 60_000);
});
