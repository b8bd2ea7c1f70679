import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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
