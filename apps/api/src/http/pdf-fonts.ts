import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The PDFs' fonts, embedded from npm so a PDF prints the same on any machine with Chromium, with or
 * without Debian's fonts-noto-core: Arabic in Noto Naskh Arabic as Google built it in 2021
 * (@fontsource/noto-naskh-arabic 4.5.0, pinned), Latin letters and digits in IBM Plex Sans Arabic's
 * Latin subset (the screens' font).
 *
 * The choice is for the text layer, not only the look. Extractors (poppler — copy and search in many
 * viewers — and pdf.js, the browsers' viewer) rebuild the words from the glyphs. Fonts that draw
 * letter pairs or lam-alef as one glyph, or position letters cursively (IBM Plex's Arabic, Google's
 * current Noto builds, Cairo, Tajawal…), come back reversed or split («رشكة», «العمالء»); measured
 * over 33 words of our documents, this build gave every word back to poppler. pdf.js then still gave
 * letters in their presentation forms (U+FExx), because the font maps those code points to its
 * shaped glyphs and Chromium writes that mapping into the PDF; the font is therefore subset to the
 * Arabic and Latin blocks without the presentation forms (harfbuzz's subsetter keeps every glyph the
 * shaping reaches), and Chromium falls back to the letters typed. Both extractors then give every
 * word back (apps/api/src/http/pdf-text.test.ts, with every Noto font of the machine hidden).
 */
export const PDF_FONT = "'Idara Naskh','Idara Latin'";

const NASKH = (weight: number) =>
  `@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-${weight}-normal.woff2`;
const LATIN = (weight: number) =>
  `@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-${weight}-normal.woff2`;
const WEIGHTS = [400, 700];

/** Every code point the documents may need, presentation forms (U+FB50–FDFF, U+FE70–FEFF) excluded. */
function keptText() {
  const ranges: [number, number][] = [
    [0x20, 0x7e],
    [0xa0, 0xff],
    [0x600, 0x6ff],
    [0x750, 0x77f],
    [0x8a0, 0x8ff],
    [0x200c, 0x200f],
    [0x2010, 0x2027],
    [0x2066, 0x2069],
  ];
  let text = '';
  for (const [from, to] of ranges) for (let c = from; c <= to; c++) text += String.fromCodePoint(c);
  return text;
}

const face = (family: string, weight: number, mime: string, format: string, data: Buffer) =>
  `@font-face{font-family:'${family}';font-weight:${weight};src:url(data:${mime};base64,${data.toString('base64')}) format('${format}');}`;

async function buildCss() {
  // harfbuzz's subsetter (WebAssembly) is loaded only when the first document is printed.
  const { default: subsetFont } = await import('subset-font');
  const text = keptText();
  const faces: string[] = [];
  for (const weight of WEIGHTS) {
    const naskh = await subsetFont(fs.readFileSync(require.resolve(NASKH(weight))), text, {
      targetFormat: 'truetype',
    });
    faces.push(face('Idara Naskh', weight, 'font/ttf', 'truetype', naskh));
    faces.push(
      face('Idara Latin', weight, 'font/woff2', 'woff2', fs.readFileSync(require.resolve(LATIN(weight)))),
    );
  }
  return faces.join('');
}

let css: Promise<string> | undefined;

/** The @font-face rules every printed document starts with (made once, about a second, then kept). */
export function pdfFontCss(): Promise<string> {
  css ??= buildCss().catch((err) => {
    css = undefined;
    throw err;
  });
  return css;
}
