import { describe, expect, it } from 'vitest';
import { runtimeEnv, runtimeFlags } from '../../../scripts/runtime-flags.mjs';

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

  it('fixes the mmap threshold of glibc malloc for the embedded database, keeping the rest of the environment', () => {
    const env = runtimeEnv({ DATA_DIR: '/srv/idara', DATABASE_URL: '' });
    expect(env).toEqual({
      DATA_DIR: '/srv/idara',
      DATABASE_URL: '',
      GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=131072',
    });
    // Tunables of the operator's own are kept, and their own threshold wins.
    expect(runtimeEnv({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }).GLIBC_TUNABLES).toBe(
      'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072',
    );
    const own = { GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=1048576' };
    expect(runtimeEnv(own)).toEqual(own);
  });

  it('leaves the environment of a server on PostgreSQL as it is', () => {
    const env = { DATABASE_URL: 'postgres://localhost/idara' };
    expect(runtimeEnv(env)).toEqual(env);
  });
});
