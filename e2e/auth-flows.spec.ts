import { expect, test } from '@playwright/test';
import { adminAuth, bearer, createUser, signIn } from './support/api';
import { fillSignin, signInViaUi, storedToken } from './support/auth';
import { toasts } from './support/toasts';

const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
const toArabicIndic = (s: string) => s.replace(/\d/g, (d) => ARABIC_INDIC[Number(d)]);

test('a wrong password shows the Arabic error and stays on sign-in', async ({ page, request }) => {
  // A fresh user, so the failure counts against no other test's rate limit.
  const user = await createUser(request);
  await page.goto('/auth/signin');
  await fillSignin(page, user.phone, 'Wrong@12345');

  await expect(page.getByTestId('signin-error')).toHaveText('رقم الجوال أو كلمة المرور غير صحيحة');
  await expect(page).toHaveURL('/auth/signin');
  expect(await storedToken(page)).toEqual({ local: null, cookie: null });
  // Sign-in errors are shown in the form, not as a toast as well.
  await expect(toasts(page)).toHaveCount(0);
});

test('an invalid phone is refused in the form before any request', async ({ page }) => {
  await page.goto('/auth/signin');
  let signinCalls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/auth/signin')) signinCalls++;
  });
  await fillSignin(page, '12345', 'whatever1');
  await expect(page.getByText('رقم الجوال غير صحيح، مثال: 05XXXXXXXX')).toBeVisible();
  expect(signinCalls).toBe(0);
});

test('a phone typed in Arabic-Indic digits signs in', async ({ page }) => {
  await page.goto('/auth/signin');
  await fillSignin(page, '٠٥٠٠٠٠٠٠٠٠', 'Admin@12345');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'مرحباً، مدير النظام' })).toBeVisible();
});

test('a fresh user signs in with Arabic-Indic digits too', async ({ page, request }) => {
  const user = await createUser(request);
  await page.goto('/auth/signin');
  await fillSignin(page, toArabicIndic(user.phone), user.password);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: `مرحباً، ${user.name}` })).toBeVisible();
});

test('forgot password: the code step follows the phone step, and a wrong code is refused in Arabic', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await page.goto('/auth/signin');
  await page.getByRole('link', { name: 'نسيت كلمة المرور؟' }).click();
  await expect(page).toHaveURL('/auth/forget-password');
  await expect(page.getByRole('heading', { level: 1, name: 'نسيت كلمة المرور' })).toBeVisible();
  await expect(page.getByText('استعد الوصول إلى حسابك')).toBeVisible();

  await page.getByLabel('رقم الجوال').fill(user.phone);
  await page.getByRole('button', { name: 'إرسال رمز التحقق' }).click();

  await expect(
    page.getByRole('status').filter({ hasText: 'إذا كان الرقم مسجلاً فسيصلك رمز التحقق' }),
  ).toBeVisible();
  await expect(page.getByText('أدخل رمز التحقق وكلمة المرور الجديدة')).toBeVisible();
  await expect(page.getByRole('button', { name: 'إرسال رمز التحقق' })).toHaveCount(0);

  await page.getByLabel('رمز التحقق').fill('000000');
  await page.getByLabel('كلمة المرور الجديدة').fill('Newpass@123');
  await page.getByLabel('تأكيد كلمة المرور').fill('Newpass@123');
  await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();

  // A wrong code says only that (not how many tries are left: that would tell the number is registered).
  await expect(toasts(page)).toHaveText(['رمز التحقق غير صحيح أو منتهي الصلاحية، اطلب رمزاً جديداً إن لزم']);
  await expect(page).toHaveURL('/auth/forget-password');
  // The password did not change.
  await signIn(request, user.phone, user.password);

  // "Change the number" goes back to step one with the phone kept.
  await page.getByRole('button', { name: 'تغيير الرقم أو إعادة إرسال الرمز' }).click();
  await expect(page.getByLabel('رقم الجوال')).toHaveValue(user.phone);
});

test('forgot password: mismatched new passwords are refused in the form', async ({ page, request }) => {
  const user = await createUser(request);
  await page.goto('/auth/forget-password');
  await page.getByLabel('رقم الجوال').fill(user.phone);
  await page.getByRole('button', { name: 'إرسال رمز التحقق' }).click();
  await page.getByLabel('رمز التحقق').fill('123456');
  await page.getByLabel('كلمة المرور الجديدة').fill('Newpass@123');
  await page.getByLabel('تأكيد كلمة المرور').fill('Other@1234');
  await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
  await expect(page.getByText('كلمتا المرور غير متطابقتين')).toBeVisible();
});

test('a sign-in link signs its user in once; a second visit shows an Arabic error', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { name: 'سارة العتيبي' });
  const res = await request.post(`/api/user/${user._id}/signin-link`, {
    headers: bearer(await adminAuth(request)),
  });
  expect(res.status()).toBe(201);
  const { url } = (await res.json()) as { url: string };
  const link = new URL(url);
  expect(link.pathname).toBe('/auth/signinWithToken');
  const path = link.pathname + link.search;

  await page.goto(path);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'مرحباً، سارة العتيبي' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'قائمة المستخدم: سارة العتيبي' })).toBeVisible();
  expect((await storedToken(page)).local).toBeTruthy();

  // Sign out, then use the same link again.
  await page.getByRole('button', { name: 'قائمة المستخدم: سارة العتيبي' }).click();
  await page.getByRole('menuitem', { name: 'تسجيل الخروج' }).click();
  await expect(page).toHaveURL('/auth/signin');

  await page.goto(path);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('تعذر الدخول بالرابط');
  await expect(alert).toContainText('رابط الدخول غير صالح أو انتهت صلاحيته');
  await expect(page).toHaveURL(path);
  expect(await storedToken(page)).toEqual({ local: null, cookie: null });
  await page.getByRole('link', { name: 'الذهاب إلى تسجيل الدخول' }).click();
  await expect(page).toHaveURL('/auth/signin');
});

test('a sign-in link without a token shows an Arabic error', async ({ page }) => {
  await page.goto('/auth/signinWithToken');
  await expect(page.getByRole('alert')).toContainText('رابط الدخول غير صالح أو ناقص');
});

test('signing in through the UI stores the token in localStorage and the cookie', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await signInViaUi(page, user.phone, user.password);
  const { local, cookie } = await storedToken(page);
  expect(local).toBeTruthy();
  expect(cookie).toBe(local);
  const me = await request.get('/api/auth/me', { headers: bearer(local!) });
  expect(me.status()).toBe(200);
  expect((await me.json()).name).toBe(user.name);
});
