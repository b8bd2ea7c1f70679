// Applies pending migrations to a PostgreSQL database, as the server does on start, and times it
// (migration 0017 backfills the dashboard tables from every order, line and payment).
import { openDatabase } from '../apps/api/src/db/client';

const url = process.argv[2];
const database = await openDatabase({ url });
const t0 = performance.now();
await database.migrate();
console.log(`${url}: migrate ${((performance.now() - t0) / 1000).toFixed(1)} s`);
await database.close();
