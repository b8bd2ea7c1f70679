import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import zlib from 'node:zlib';

/** One file of a zip: its bytes (or one chunk repeated), and optionally a size to claim instead. */
export interface ZipEntrySource {
  name: string;
  data?: Buffer | string;
  /** The content is `chunk` written `times` times, deflated as it streams (never whole in memory). */
  repeat?: { chunk: Buffer | string; times: number };
  /** The uncompressed size written in the headers, when it should lie. */
  declaredSize?: number;
}

async function deflate(source: ZipEntrySource) {
  const chunks: Buffer[] =
    source.data !== undefined ? [Buffer.from(source.data)] : [Buffer.from(source.repeat?.chunk ?? '')];
  const times = source.data !== undefined ? 1 : (source.repeat?.times ?? 0);
  let crc = 0;
  let size = 0;
  const input = Readable.from(
    (function* () {
      for (let i = 0; i < times; i++) {
        for (const c of chunks) {
          crc = zlib.crc32(c, crc);
          size += c.length;
          yield c;
        }
      }
    })(),
  );
  const out = new PassThrough();
  input.pipe(zlib.createDeflateRaw({ level: 9 })).pipe(out);
  const compressed = await buffer(out);
  return { compressed, crc, size };
}

/**
 * A zip (deflate, no data descriptors) built by hand, so a test can make one whose headers claim
 * sizes its entries do not have: the shape of a zip bomb.
 */
export async function buildZip(entries: ZipEntrySource[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { compressed, crc, size } = await deflate(entry);
    const claimed = entry.declaredSize ?? size;
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(claimed, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(claimed, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The smallest XLSX parts a reader needs: a workbook naming one sheet, and its relationships. */
export const xlsxSkeleton: ZipEntrySource[] = [
  {
    name: 'xl/workbook.xml',
    data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  },
  {
    name: 'xl/_rels/workbook.xml.rels',
    data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  },
];

/** A sheet of inline-text rows. */
export function sheetXml(rows: string[][]): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const body = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">${cells.map((c, i) => `<c r="${String.fromCharCode(65 + i)}${r + 1}" t="inlineStr"><is><t>${esc(c)}</t></is></c>`).join('')}</row>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${body}</sheetData></worksheet>`;
}
