import { afterAll, beforeAll } from 'vitest';
import { fakeFatoora } from './fake-fatoora';
import { TestApp, type TestAppOptions } from './harness';

export interface FixtureOptions extends TestAppOptions {
  /** false: no administrator session (`t.admin` stays empty), for files that test signing in itself. */
  signedIn?: boolean;
}

/**
 * The app a test file (or a `describe` block) runs against: started before its tests, with the
 * administrator signed in (`t.admin`, the default token of `t.get`/`post`/`put`/`delete`), and
 * closed after them. Options read at start when given as a function (e.g. a fake server's port).
 * Hooks the caller registers after this one run after the app has started.
 */
export function useTestApp(options: FixtureOptions | (() => FixtureOptions) = {}): TestApp {
  const t = new TestApp();
  beforeAll(async () => {
    const opts = typeof options === 'function' ? options() : options;
    await t.start(opts);
    if (opts.signedIn !== false) t.admin = await t.adminToken();
  });
  afterAll(() => t.close());
  return t;
}

/**
 * A local FATOORA for this file's app (`env: fatooraEnv(fake)`): listening before the app starts
 * (call this before `useTestApp`), closed after the app.
 */
export function useFakeFatoora() {
  const fake = fakeFatoora();
  beforeAll(() => fake.listen());
  afterAll(() => fake.close());
  return fake;
}
