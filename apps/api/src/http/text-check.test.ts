import { describe, expect, it } from 'vitest';
import { textParts } from './text-check';

/** The text check walks text, not bytes: a tus chunk's 100 KB are not 100,000 keys to look at. */
describe('textParts', () => {
  it('checks the body of a JSON request, and only the query and path of a body of bytes', () => {
    expect(textParts({ body: { name: 'مجمع الواحة' } })).toEqual(['body', 'query', 'params']);
    expect(textParts({ body: undefined })).toEqual(['body', 'query', 'params']);
    expect(textParts({ body: Buffer.from([0xff, 0xd8, 0x00, 0x01]) })).toEqual(['query', 'params']);
    expect(textParts({ body: new Uint8Array(3) })).toEqual(['query', 'params']);
  });
});
