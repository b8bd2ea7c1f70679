import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { createUser, type NewUser, type Session, signIn, type TestUser } from './api';

export const TOKEN_KEY = 'accessToken';

/** Same as playwright.config.ts `use.baseURL`. */
export const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 3210}`;

/** Signs in through the real sign-in form (the page must be on /auth/signin). */
export async function fillSignin(page: Page, phone: string, password: string): Promise<void> {
  await page.getByLabel('رقم الجوال').fill(phone);
  await page.getByLabel('كلمة المرور', { exact: false }).first().fill(password);
  await page.getByRole('button', { name: 'دخول', exact: true }).click();
}

/** Opens the sign-in page and signs in through the UI; waits until the app left it. */
export async function signInViaUi(page: Page, phone: string, password: string): Promise<void> {
  await page.goto('/auth/signin');
  await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible();
  await fillSignin(page, phone, password);
  await expect(page).not.toHaveURL(/\/auth\/signin/);
}

/** Fast sign-in: puts the token where the app reads it (the accessToken cookie) before any page loads. */
export async function signInWithToken(page: Page, token: string): Promise<void> {
  await page.context().addCookies([{ name: TOKEN_KEY, value: token, url: BASE_URL, sameSite: 'Strict' }]);
}

/** Creates a user through the API and signs the page in as them by token. */
export async function signedInAs(
  page: Page,
  request: APIRequestContext,
  input: NewUser = {},
): Promise<{ user: TestUser; token: string }> {
  const user = await createUser(request, input);
  const session: Session = await signIn(request, user.phone, user.password);
  await signInWithToken(page, session.token);
  return { user, token: session.token };
}

/** The token as the app stores it: localStorage and cookie. */
export async function storedToken(page: Page): Promise<{ local: string | null; cookie: string | null }> {
  const local = await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);
  const cookies = await page.context().cookies();
  const raw = cookies.find((c) => c.name === TOKEN_KEY)?.value;
  const cookie = raw ? decodeURIComponent(raw) : null;
  return { local, cookie };
}
