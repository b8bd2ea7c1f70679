import { test as base, expect, type Page } from '@playwright/test';
import type { TestUser } from './api';
import { signedInAs } from './auth';
import { collectErrors } from './console';
import { holdOfficeSettings } from './settings-lock';
import { limit } from './slowdown';

/** The test's page signed in by token, who it is signed in as, and their token. */
export interface SignedInPage {
  page: Page;
  user: TestUser;
  token: string;
}

/**
 * Playwright's `test` with what most specs begin with, each set up when a test names it:
 * - `errors`: the console errors and uncaught page errors from the test's start (`collectErrors`);
 * - `admin`: the page signed in as a fresh administrator (`{ admin: { page, token } }`);
 * - `officeSettings`: the office's settings held for this test alone, across workers, for a test
 *   that saves them (`settings-lock.ts`), from before the test's body opens the page.
 *   Waiting for it has its own limit, so a test's own limit is its own work's.
 */
export const test = base.extend<{ errors: string[]; admin: SignedInPage; officeSettings: undefined }>({
  errors: async ({ page }, use) => {
    await use(collectErrors(page));
  },
  admin: async ({ page, request }, use) => {
    await use({ page, ...(await signedInAs(page, request, { role: 'admin' })) });
  },
  officeSettings: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const release = await holdOfficeSettings();
      try {
        await use(undefined);
      } finally {
        release();
      }
    },
    { timeout: limit(180_000) },
  ],
});

export { expect } from '@playwright/test';

/**
 * Every test of the enclosing block (or file) fails when it ends with a console error or an uncaught
 * page error: the ones its page had from the test's start.
 */
export function failOnPageErrors(): void {
  let errors: string[] = [];
  test.beforeEach(({ page }) => {
    errors = collectErrors(page);
  });
  test.afterEach(() => {
    expect(errors, 'console errors and uncaught page errors').toEqual([]);
  });
}
