import type { ReactNode } from 'react';

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]+/g;
const LATIN_OR_DIGIT = /[A-Za-z0-9]/;
const EDGES = /^([\s\-_.]*)([\s\S]*?)([\s\-_.]*)$/;

export interface FileNamePart {
  text: string;
  /** A run of Latin letters and digits (a date, an extension, a number) read left to right. */
  ltr: boolean;
}

/**
 * A file name cut where its Arabic words end: «العملاء-2026-11-28.xlsx» → «العملاء», «-»,
 * «2026-11-28.xlsx». Left to the bidi algorithm as a whole, the digits after an Arabic word become
 * Arabic numbers: the date's parts and the extension come out in reverse («xlsx.28-11-2026-العملاء»).
 * Each Latin or digit run is isolated left to right; the separators at its edges stay outside it.
 */
export function fileNameParts(name: string): FileNamePart[] {
  const parts: FileNamePart[] = [];
  const plain = (text: string) => {
    if (text) parts.push({ text, ltr: false });
  };
  const other = (text: string) => {
    if (!LATIN_OR_DIGIT.test(text)) return plain(text);
    const [, lead = '', core = '', trail = ''] = EDGES.exec(text) ?? [];
    plain(lead);
    parts.push({ text: core, ltr: true });
    plain(trail);
  };
  let at = 0;
  for (const m of name.matchAll(ARABIC)) {
    if (m.index > at) other(name.slice(at, m.index));
    plain(m[0]);
    at = m.index + m[0].length;
  }
  if (at < name.length) other(name.slice(at));
  return parts;
}

/** A file name as it reads in Arabic: its words right to left, its date and extension left to right. */
export function FileName({ name }: { name: string }): ReactNode {
  return (
    <bdi data-testid="file-name">
      {fileNameParts(name).map((p, i) =>
        p.ltr ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <bdi key={i} dir="ltr">
            {p.text}
          </bdi>
        ) : (
          p.text
        ),
      )}
    </bdi>
  );
}
