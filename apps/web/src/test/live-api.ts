import { vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../api/src/test/harness';

export interface LiveApi {
  /** The real API on a fresh seeded database (apps/api's test harness). */
  t: TestApp;
  /** Signs the web client in: its requests carry this token from now on. */
  useToken: (token: string) => void;
  close: () => Promise<void>;
}

/**
 * The real API listening on a local port, and the web client pointed at it: the stores under test
 * send their requests over HTTP as in the browser. The browser parts the client reads (the API base
 * from runtime config, the token from localStorage) are plain objects on `window`.
 */
export async function startLiveApi(): Promise<LiveApi> {
  const t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const apiBase = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const storage = new Map<string, string>();
  vi.stubGlobal('window', {
    __IDARA_CONFIG__: { apiBase },
    location: new URL(apiBase),
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, String(value)),
      removeItem: (key: string) => void storage.delete(key),
    },
  });
  return {
    t,
    useToken: (token) => void storage.set('accessToken', token),
    close: async () => {
      vi.unstubAllGlobals();
      await t.close();
    },
  };
}

/**
 * Resolves once `read()` satisfies `done`, checked now and on every `subscribe` notification:
 * waits for the store's own event rather than for time.
 */
export function until<T>(
  subscribe: (listener: () => void) => () => void,
  read: () => T,
  done: (value: T) => boolean,
): Promise<T> {
  return new Promise((resolve) => {
    const check = () => {
      const value = read();
      if (!done(value)) return false;
      unsubscribe?.();
      resolve(value);
      return true;
    };
    let unsubscribe: (() => void) | undefined;
    if (check()) return;
    unsubscribe = subscribe(() => void check());
  });
}
