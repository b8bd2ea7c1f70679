import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteWorkerClient } from './pglite-worker-client';

let client: PGliteWorkerClient;
beforeAll(async () => {
  client = new PGliteWorkerClient();
  await client.waitReady;
  await client.exec('create table t (id int primary key, note text)');
});
afterAll(async () => {
  await client.close();
});

const count = async () => (await client.query('select count(*)::int as n from t')).rows[0].n as number;

describe('the embedded database on a worker thread', () => {
  it('commits a transaction, and its answer comes after the commit', async () => {
    await client.transaction(async (tx) => {
      await tx.query('insert into t values ($1, $2)', [1, 'أ']);
      await tx.query('insert into t values ($1, $2)', [2, 'ب']);
    });
    expect(await count()).toBe(2);
  });

  it('rolls back everything when the work throws, and passes PostgreSQL error codes through', async () => {
    const failure = client.transaction(async (tx) => {
      await tx.query('insert into t values ($1, $2)', [3, 'ج']);
      await tx.query('insert into t values ($1, $2)', [1, 'duplicate']);
    });
    await expect(failure).rejects.toMatchObject({ code: '23505' });
    expect(await count()).toBe(2);
  });

  it('keeps other queries out of an open transaction until it ends', async () => {
    let outsideSaw: number | undefined;
    await client.transaction(async (tx) => {
      await tx.query('insert into t values ($1, $2)', [10, 'x']);
      const outside = count().then((n) => {
        outsideSaw = n;
      });
      await new Promise((r) => setTimeout(r, 50));
      expect(outsideSaw).toBeUndefined(); // still waiting for the transaction
      await tx.query('insert into t values ($1, $2)', [11, 'y']);
      void outside;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(outsideSaw).toBe(4);
  });

  it('returns array rows and raw timestamps when asked, as Drizzle does', async () => {
    const arr = await client.query('select 1 as a, 2 as b', [], { rowMode: 'array' });
    expect(arr.rows).toEqual([[1, 2]]);
    const raw = await client.query("select '2026-11-21T10:00:00Z'::timestamptz as at", [], { parsers: {} });
    expect(typeof raw.rows[0].at).toBe('string');
    const parsed = await client.query("select '2026-11-21T10:00:00Z'::timestamptz as at");
    expect(parsed.rows[0].at).toBeInstanceOf(Date);
  });
});
