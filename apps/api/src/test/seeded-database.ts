import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';
import { seedIfEmpty } from '../db/seed';
import { createDatabase, untilDisconnected } from './processes';

/**
 * Every API test file starts from the same migrated, seeded database. Making it (initdb, every
 * migration, the seed) costs most of a test file's set-up, so a run makes it once — this file's
 * default export is the Vitest global set-up — and each test copies it: PGlite loads an image of it
 * into memory, PostgreSQL clones a template database (a file copy).
 */

export const ADMIN = { phone: '0500000000', password: 'Admin@12345', name: 'مدير النظام' };

/** Where the run's starting database is, for the workers (environment variables reach them). */
const IMAGE_VAR = 'IDARA_TEST_PGLITE_IMAGE';
const TEMPLATE_VAR = 'IDARA_TEST_PG_TEMPLATE';

export async function migrateAndSeed(database: Database) {
  await database.migrate();
  await seedIfEmpty(database.db, ADMIN);
}

/** The run's image of the seeded embedded database, or undefined outside a Vitest run. */
export const pgliteImage = () => process.env[IMAGE_VAR];

/** The run's seeded template database on the PostgreSQL server, or undefined outside a Vitest run. */
export const postgresTemplate = () => process.env[TEMPLATE_VAR];

/** Vitest global set-up: makes the run's seeded database; the returned function removes it. */
export default async function setup() {
  // The API's and the web's projects both ask; the first makes it.
  if (pgliteImage() || postgresTemplate()) return;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await createDatabase(serverUrl, 'idara_template');
    const database = await openDatabase({ url: template.url });
    try {
      await migrateAndSeed(database);
    } finally {
      await database.close();
    }
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await untilDisconnected(admin, template.name);
    await admin.end();
    process.env[TEMPLATE_VAR] = template.name;
    return template.drop;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-test-image-'));
  const file = path.join(dir, 'seeded.tar');
  const database = await openDatabase({});
  try {
    await migrateAndSeed(database);
    await database.saveImage!(file);
  } finally {
    await database.close();
  }
  process.env[IMAGE_VAR] = file;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
