import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The text poppler's `pdftotext` reads from a PDF, as many viewers and search tools read it. */
export function pdfToText(pdf: Uint8Array) {
  const file = path.join(os.tmpdir(), `idara-${process.pid}-${randomUUID()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** The text of an answer that must be a PDF: 200, `application/pdf`, then its words as `pdfToText` reads them. */
export function pdfAnswerText(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/pdf');
  return pdfToText(res.rawPayload);
}
