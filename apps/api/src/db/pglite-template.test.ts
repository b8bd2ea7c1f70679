import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateFile, unpackTemplate, writeTemplate } from './pglite-template.mjs';
import { PGliteWorkerClient } from './pglite-worker-client';

let root: string;
let template: string;
/** The cluster's identity, set by initdb: the first 8 bytes of global/pg_control. */
let templateSystemId: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-template-'));
  template = templateFile(root);
  await writeTemplate(template);
  const unpacked = path.join(root, 'unpacked');
  fs.mkdirSync(unpacked);
  await unpackTemplate(template, unpacked);
  templateSystemId = fs.readFileSync(path.join(unpacked, 'global/pg_control')).readBigUInt64LE(0).toString();
}, 120_000);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function systemIdOf(client: PGliteWorkerClient) {
  const { rows } = await client.query('select system_identifier::text as id from pg_control_system()');
  return rows[0].id as string;
}

describe('a new embedded database from the build’s template', () => {
  it('is named after the PGlite that made it', () => {
    expect(path.basename(template)).toMatch(/^pgdata-pglite-\d+\.\d+\.\d+.*\.tar\.gz$/);
  });

  it('opens an empty directory as the template’s cluster (no initdb) and takes writes', async () => {
    const dataDir = path.join(root, 'fresh');
    fs.mkdirSync(dataDir);
    const client = await PGliteWorkerClient.open(dataDir, { vacuum: true, template });
    try {
      expect(await systemIdOf(client)).toBe(templateSystemId);
      await client.exec('create table t (id int primary key); insert into t values (1)');
      expect((await client.query('select count(*)::int as n from t')).rows[0].n).toBe(1);
    } finally {
      await client.close();
    }
    const reopened = await PGliteWorkerClient.open(dataDir, { template });
    try {
      expect((await reopened.query('select count(*)::int as n from t')).rows[0].n).toBe(1);
    } finally {
      await reopened.close();
    }
  });

  it('unpacks again over an unpack that was cut short (no PG_VERSION yet)', async () => {
    const dataDir = path.join(root, 'cut-short');
    fs.mkdirSync(dataDir);
    await unpackTemplate(template, dataDir);
    fs.rmSync(path.join(dataDir, 'PG_VERSION'));
    fs.truncateSync(path.join(dataDir, 'global/pg_control'), 0);
    const client = await PGliteWorkerClient.open(dataDir, { template });
    try {
      expect(await systemIdOf(client)).toBe(templateSystemId);
    } finally {
      await client.close();
    }
  });

  it('leaves an existing database alone', async () => {
    const dataDir = path.join(root, 'existing');
    fs.mkdirSync(dataDir);
    const first = await PGliteWorkerClient.open(dataDir, { template });
    await first.exec('create table t (id int primary key); insert into t values (1)');
    await first.close();
    const client = await PGliteWorkerClient.open(dataDir, { template });
    try {
      expect((await client.query('select count(*)::int as n from t')).rows[0].n).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('runs with 8MB of shared buffers, not the 128MB its postgresql.conf was made with', async () => {
    const dataDir = path.join(root, 'buffers');
    fs.mkdirSync(dataDir);
    await unpackTemplate(template, dataDir);
    expect(fs.readFileSync(path.join(dataDir, 'postgresql.conf'), 'utf8')).toMatch(
      /^shared_buffers = 128MB/m,
    );
    const client = await PGliteWorkerClient.open(dataDir, { vacuum: true, template });
    try {
      expect((await client.query('show shared_buffers')).rows[0].shared_buffers).toBe('8MB');
    } finally {
      await client.close();
    }
  });
});
