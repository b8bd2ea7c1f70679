import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRecordId } from './ids';
import { idSchema } from './schemas/common';

describe('isRecordId', () => {
  it('agrees with idSchema on UUIDs, near-UUIDs and arbitrary strings', () => {
    const nearUuid = fc.uuid().map((u) => u.replace(/-/, '').slice(0, 35));
    fc.assert(
      fc.property(
        fc.oneof(fc.uuid(), fc.uuid({ version: 4 }), nearUuid, fc.string(), fc.constant('')),
        (v) => {
          expect(isRecordId(v)).toBe(idSchema.safeParse(v).success);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('accepts a v4 id and refuses route-like junk', () => {
    expect(isRecordId('3f2b8c1e-9a4d-4f6b-8e2a-1c3d5e7f9a0b')).toBe(true);
    for (const bad of ['new', '123', 'edit', '3f2b8c1e-9a4d-4f6b-8e2a-1c3d5e7f9a0', null, 42]) {
      expect(isRecordId(bad)).toBe(false);
    }
  });
});
