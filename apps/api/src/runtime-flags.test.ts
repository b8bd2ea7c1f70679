import { describe, expect, it } from 'vitest';
import { runtimeFlags } from '../../../scripts/runtime-flags.mjs';

describe('the server process heap settings (`npm run serve`)', () => {
  it('keeps the embedded database within its memory budget', () => {
    expect(runtimeFlags({})).toEqual(['--optimize-for-size', '--max-semi-space-size=4']);
    // An empty variable (as a .env file writes it) means unset, as the server's config reads it.
    expect(runtimeFlags({ DATABASE_URL: '' })).toContain('--optimize-for-size');
  });

  it('gives a server on PostgreSQL a 4 MB young generation instead of the 1 MB one', () => {
    const flags = runtimeFlags({ DATABASE_URL: 'postgres://localhost/idara' });
    expect(flags).not.toContain('--optimize-for-size');
    expect(flags).toContain('--max-semi-space-size=4');
  });
});
