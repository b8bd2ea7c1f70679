import type { ChildProcess } from 'node:child_process';
import type { Socket } from 'socket.io-client';
import { afterAll } from 'vitest';
import { notificationSocket } from './over-http';
import { createDatabase, spawnServer, stopProcess } from './processes';

/**
 * The server processes, PostgreSQL databases (on TEST_DATABASE_URL) and sockets a file's tests
 * start, ended after them: the sockets closed, then the processes stopped with `signal`, then the
 * databases dropped.
 */
export function useProcesses(signal: NodeJS.Signals = 'SIGKILL') {
  const sockets: Socket[] = [];
  const children: ChildProcess[] = [];
  const databases: { drop(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(children.map((child) => stopProcess(child, signal)));
    for (const database of databases) await database.drop();
  }, 60_000);
  return {
    async database(prefix: string) {
      const database = await createDatabase(process.env.TEST_DATABASE_URL!, prefix);
      databases.push(database);
      return database;
    },
    async server(env: Record<string, string | undefined>, wait = true) {
      const server = await spawnServer(env, wait);
      children.push(server.child);
      return server;
    },
    /** `notificationSocket`: what is pushed to `token`'s user. */
    async socket(base: string, token: string, reconnection = true) {
      const opened = await notificationSocket(base, token, reconnection);
      sockets.push(opened.socket);
      return opened;
    },
  };
}
