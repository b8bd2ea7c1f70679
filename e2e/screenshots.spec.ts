import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, randomPhone } from './support/api';
import { signedInAs } from './support/auth';
import { expect, failOnPageErrors, test } from './support/fixtures';
import { settleLayout } from './support/layout';

const OUT_DIR = path.join(import.meta.dirname, 'screenshots');
const WIDTHS = [375, 768, 1280] as const;
const SCHEMES = ['light', 'dark'] as const;

interface Screen {
  name: string;
  /** A path, or a function that creates what the screen shows and returns its path. */
  path: string | ((request: APIRequestContext, token: string) => Promise<string>);
  signedIn: boolean;
  /** Waits until the screen's content (not just its loader) is shown. */
  ready: (page: Page) => Promise<void>;
}

const screens: Screen[] = [
  {
    name: 'signin',
    path: '/auth/signin',
    signedIn: false,
    ready: async (page) => {
      await expect(page.getByRole('button', { name: 'دخول', exact: true })).toBeVisible();
    },
  },
  {
    name: 'home',
    path: '/',
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'مرحباً، ريم الشهري' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'الوصول السريع' })).toBeVisible();
    },
  },
  {
    name: 'settings',
    path: '/settings',
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'بيانات المنشأة' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'اسم المنشأة', exact: true })).not.toHaveValue('');
    },
  },
  {
    name: 'profile',
    path: '/account/profile',
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByTestId('session-row')).toHaveCount(1);
    },
  },
  {
    name: 'customers',
    path: async (request, token) => {
      await request.post('/api/customer', {
        headers: bearer(token),
        data: { name: 'شركة الأفق للتكييف والتبريد', type: 'company', phoneNumber: randomPhone() },
      });
      return '/dashboard/customer';
    },
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByRole('row', { name: /شركة الأفق للتكييف والتبريد/ }).first()).toBeVisible();
    },
  },
  {
    name: 'customer-details',
    path: async (request, token) => {
      const res = await request.post('/api/customer', {
        headers: bearer(token),
        data: {
          name: 'مؤسسة الريادة للصيانة',
          type: 'company',
          phoneNumber: randomPhone(),
          vatNumber: '310123456700003',
          crNumber: '1010123456',
          district: 'حي العليا',
          postalCode: '12241',
        },
      });
      return `/dashboard/customer/${(await res.json())._id}`;
    },
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'مؤسسة الريادة للصيانة' }).first()).toBeVisible();
    },
  },
  {
    name: '404',
    path: '/no/such/page',
    signedIn: false,
    ready: async (page) => {
      await expect(page.getByTestId('error-message')).toHaveText('لا توجد صفحة بهذا العنوان: /no/such/page');
    },
  },
];

failOnPageErrors();

for (const scheme of SCHEMES) {
  test.describe(`${scheme} mode`, () => {
    test.use({ colorScheme: scheme });

    for (const screen of screens) {
      test(`${screen.name} at ${WIDTHS.join(', ')} px: no overflow, no console errors`, async ({
        page,
        request,
      }) => {
        const token = screen.signedIn
          ? (await signedInAs(page, request, { role: 'admin', name: 'ريم الشهري' })).token
          : '';
        await page.setViewportSize({ width: WIDTHS[0], height: 800 });
        await page.goto(typeof screen.path === 'string' ? screen.path : await screen.path(request, token));
        await screen.ready(page);
        const html = page.locator('html');
        if (scheme === 'dark') await expect(html).toHaveClass(/\bdark\b/);
        else await expect(html).not.toHaveClass(/\bdark\b/);

        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await screen.ready(page);
          // Layout-dependent transitions (sidebar, header) settle at the new size.
          await settleLayout(page);
          const { scrollWidth, innerWidth } = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            innerWidth: window.innerWidth,
          }));
          expect(scrollWidth, `${screen.name} overflows at ${width}px`).toBeLessThanOrEqual(innerWidth);
          await page.screenshot({
            path: path.join(OUT_DIR, `${screen.name}-${width}-${scheme}.png`),
            fullPage: true,
          });
        }
      });
    }
  });
}
