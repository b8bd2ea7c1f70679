import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatDateTime } from '@idara/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/fixture';
import { pdfToText } from '../test/pdf-to-text';

/**
 * PDF text a person can copy and search: the Arabic words our PDFs print come back from the two
 * extractors people meet — poppler's `pdftotext` (many viewers and search tools) and pdf.js (the
 * one browsers ship) — for a tax invoice and for a list export.
 */
let invoicePdf: Buffer;
let invoiceHtml: string;
let issuedAt: string;
let listPdf: Buffer;

/** Words each PDF prints: a customer's name with Latin in it, a service, the title, the status. */
const INVOICE_WORDS = ['فاتورة', 'ضريبية', 'شركة', 'الآخرة', 'للتجارة', 'ABC', 'منشأة', 'غير', 'الإجمالي'];
const LIST_WORDS = ['شركة', 'الآخرة', 'للتجارة', 'ABC', 'منشأة', 'الإلغاء', 'غير', 'الضريبية'];
const NAME = 'شركة الآخرة ABC للتجارة';

/**
 * A machine with Chromium but without Debian's fonts-noto-core: fontconfig is told to refuse every
 * Noto font before the PDF browser starts, so the Arabic must come from the fonts the PDFs embed.
 * (Chromium draws no text at all with no system font whatsoever; its Debian package brings some.)
 * This test file runs in its own process, so nothing else sees the change.
 */
const noSystemFonts = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-no-noto-'));
fs.writeFileSync(
  path.join(noSystemFonts, 'fonts.conf'),
  '<?xml version="1.0"?><fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include>' +
    '<selectfont><rejectfont><glob>*/noto/*</glob><glob>*Noto*</glob></rejectfont></selectfont></fontconfig>',
);
process.env.FONTCONFIG_FILE = path.join(noSystemFonts, 'fonts.conf');

const t = useTestApp();
beforeAll(async () => {
  const post = (url: string, payload: object) => t.post(url, payload);
  const customer = (await post('/api/customer', { name: NAME, phoneNumber: '0551119988' })).json();
  await post('/api/customer', { name: 'منشأة الإلغاء غير الضريبية', phoneNumber: '0551119989' });
  const service = (await post('/api/service', { name: 'تنظيف منشأة كاملة', price: '200' })).json();
  const order = (
    await post('/api/order', {
      customer: customer._id,
      items: [{ service: service._id, quantity: 2, unitPrice: '200' }],
    })
  ).json();
  const doc = (await post(`/api/order/${order._id}/invoice`, {})).json();
  issuedAt = doc.issuedAt;
  invoicePdf = (await t.get(`/api/invoice/${doc._id}/pdf`)).rawPayload;
  invoiceHtml = (await t.get(`/api/invoice/${doc._id}/html`)).body;
  listPdf = (await t.get('/api/customer/export?fileType=pdf')).rawPayload;
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(noSystemFonts, { recursive: true, force: true });
});

async function byPdfjs(pdf: Buffer) {
  // pdf.js 6 uses Promise.withResolvers, which Node has from 22 on.
  (Promise as unknown as { withResolvers?: unknown }).withResolvers ??= () => {
    let resolve!: (v: unknown) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise((a, b) => {
      resolve = a;
      reject = b;
    });
    return { promise, resolve, reject };
  };
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false });
  const doc = await task.promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await task.destroy();
  return pages.join('\n');
}

/** Text as a search would compare it: without the bidi marks extractors add. */
const plain = (s: string) => s.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');

describe('Arabic text in our PDFs', () => {
  for (const [what, pdf, words] of [
    ['the tax invoice', () => invoicePdf, INVOICE_WORDS],
    ['the customer list', () => listPdf, LIST_WORDS],
  ] as const) {
    it(`${what}: poppler and pdf.js give back the words printed`, async () => {
      const poppler = plain(pdfToText(pdf()));
      const pdfjs = plain(await byPdfjs(pdf()));
      for (const word of words) {
        expect(pdfjs, `pdf.js: ${word}`).toContain(word);
        expect(poppler, `poppler: ${word}`).toContain(word);
      }
      // With IBM Plex's Arabic, or a system font missing, poppler gave «رشكة», «اآلخرة», «العمالء».
      expect(poppler).not.toContain('رشكة');
      expect(poppler).not.toContain('العمالء');
    });
  }

  it('prints the issue time with the date on the invoice', async () => {
    // Extractors order a line's mixed runs their own way; the words and the time are there.
    const line = plain(pdfToText(invoicePdf))
      .split('\n')
      .find((l) => l.includes('تاريخ الإصدار'));
    expect(line).toContain('الساعة');
    expect(line).toContain(formatDateTime(issuedAt).slice(0, 5));
  });

  it('embeds its fonts: the PDFs use no font of the machine', () => {
    for (const pdf of [invoicePdf, listPdf]) {
      const file = path.join(
        os.tmpdir(),
        `idara-fonts-${process.pid}-${Math.random().toString(36).slice(2)}.pdf`,
      );
      fs.writeFileSync(file, pdf);
      try {
        const table = execFileSync('pdffonts', [file]).toString('utf8').split('\n').slice(2).filter(Boolean);
        expect(table.length).toBeGreaterThan(0);
        // Columns: name, type, encoding, emb, sub, uni, object ID; every font embedded.
        for (const row of table) expect(row.split(/\s+/).at(-5), row).toBe('yes');
        expect(table.join('\n')).toMatch(/NotoNaskhArabic/);
      } finally {
        fs.rmSync(file, { force: true });
      }
    }
  });

  it('prints the very document the page shows: every Arabic word of the page is in the PDF', () => {
    // The invoice page frames /html and the PDF prints the same drawing (invoice/document-html.ts).
    const body = invoiceHtml.replace(/<style[\s\S]*?<\/style>/g, ' ').replace(/<[^>]+>/g, ' ');
    const words = new Set(body.replace(/[\u064b-\u0652]/g, '').match(/[\u0621-\u064a]{2,}/g));
    expect(words.size).toBeGreaterThan(30);
    // poppler may set a mark apart from its letter, even by a space («لم ُت رسل»): look for each word
    // in the printed text without marks and spaces.
    const printed = plain(pdfToText(invoicePdf)).replace(/[\s\u064b-\u0652]/g, '');
    expect([...words].filter((w) => !printed.includes(w))).toEqual([]);
  });
});
