import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { dataDirProblem, makeDataDirPrivate } from './db/data-dir';
import { seedIfEmpty } from './db/seed';
import { migrateLegacyInvoices } from './modules/invoice/legacy';

const DB_CONNECT_ATTEMPTS = 10;

async function openWithRetry(config: ReturnType<typeof loadConfig>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, vacuum: true });
    } catch (err) {
      if (!config.DATABASE_URL || attempt >= DB_CONNECT_ATTEMPTS) throw err;
      const delay = Math.min(1000 * 2 ** (attempt - 1), 10_000);
      console.error(
        `Database unreachable (${(err as Error).message}); retry ${attempt}/${DB_CONNECT_ATTEMPTS - 1} in ${delay} ms`,
      );
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

async function main() {
  // Everything the server writes (the embedded database, backups, uploads) is for its own user only.
  process.umask(0o077);
  const config = loadConfig();
  const problem = config.DATABASE_URL ? null : dataDirProblem(config.DATA_DIR);
  if (problem) {
    console.error(`Idara cannot start: ${problem}`);
    process.exit(2);
  }
  makeDataDirPrivate(config.DATA_DIR);
  const database = await openWithRetry(config);
  await database.migrate();
  if (!config.DATABASE_URL) makeDataDirPrivate(config.DATA_DIR);
  const seeded = await seedIfEmpty(database.db, {
    phone: config.ADMIN_PHONE,
    password: config.ADMIN_PASSWORD,
    name: config.ADMIN_NAME,
  });
  await migrateLegacyInvoices(database.db);
  const app = await buildApp({ config, database });
  const ANALYZE_EVERY_MS = 10 * 60_000;
  const analyzer = setInterval(() => {
    database.analyze().catch((err) => app.log.warn({ err }, 'analyze failed'));
  }, ANALYZE_EVERY_MS);
  analyzer.unref();
  if (seeded) {
    // The password itself never goes to the log: logs are shipped and kept where passwords must not be.
    const passwordFrom = process.env.ADMIN_PASSWORD
      ? 'the ADMIN_PASSWORD it was started with'
      : 'the default password in the README';
    app.log.info(
      { phone: config.ADMIN_PHONE },
      `Seeded a new database. Sign in as the admin with this phone number and ${passwordFrom}, then change it`,
    );
  }
  // Behind a reverse proxy people open another address than this machine's: links need PUBLIC_URL.
  // Served directly (localhost, or an office's LAN address), links follow the address opened.
  if (config.NODE_ENV === 'production' && !config.PUBLIC_URL && config.TRUST_PROXY !== false) {
    app.log.warn(
      `PUBLIC_URL is not set behind a proxy: sign-in links use the address they were requested at only when it names this machine, otherwise http://localhost:${config.PORT}. Set PUBLIC_URL to the address people open.`,
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      clearInterval(analyzer);
      await app.close();
      await database.close();
      // PGlite writes a few cache files with its own modes; the directory keeps them private anyway.
      if (!config.DATABASE_URL) makeDataDirPrivate(config.DATA_DIR);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  const { port } = app.server.address() as { port: number };
  app.log.info({ port }, `Idara is running: http://localhost:${port}  (database: ${database.kind})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
