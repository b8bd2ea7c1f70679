/** What the upload tests attach: a genuine PNG, and a signature drawn on the pad. */
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/**
 * A real PNG (RGB, a blue/teal gradient) of w×h pixels, written here so the upload is genuine;
 * `grain` adds random noise of that amplitude (a photo's size, which does not compress away).
 */
export function makePng(w: number, h: number, grain = 0): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    const row = y * (w * 3 + 1);
    raw[row] = 0; // no filter
    for (let x = 0; x < w; x++) {
      const noise = grain ? Math.round((Math.random() - 0.5) * grain) : 0;
      raw[row + 1 + x * 3] = 20 + Math.round((200 * x) / w) + noise;
      raw[row + 2 + x * 3] = 120 + Math.round((100 * y) / h) + noise;
      raw[row + 3 + x * 3] = 200 + noise;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Draws a wave on the page's signature pad with the mouse and confirms it («اعتماد التوقيع»). */
export async function signWithMouse(page: Page): Promise<void> {
  const canvas = page.getByTestId('signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no signature canvas');
  await page.mouse.move(box.x + 40, box.y + 110);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + 40 + i * 20, box.y + 110 - Math.sin(i / 2) * 40, { steps: 2 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'اعتماد التوقيع' }).click();
}
