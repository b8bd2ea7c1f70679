import zlib from 'node:zlib';

/** A real PNG of `width`×`height` whose pixel colours `paint` gives (RGB): photos and signatures in tests. */
export function pngOf(
  width: number,
  height: number,
  paint: (x: number, y: number) => [number, number, number],
) {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const start = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) rows.set(paint(x, y), start + 1 + x * 3);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A signature-like stroke: a dark wave on white. */
export const signaturePng = () =>
  pngOf(240, 80, (x, y) =>
    Math.abs(y - (40 + 22 * Math.sin(x / 14))) < 2.5 ? [20, 30, 90] : [255, 255, 255],
  );
