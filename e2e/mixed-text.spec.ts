import path from 'node:path';
import { expect, test } from '@playwright/test';
import { adminAuth, bearer, randomPhone } from './support/api';
import { signedInAs } from './support/auth';

const OUT_DIR = path.join(import.meta.dirname, 'screenshots');

/**
 * User text that starts with Latin letters or a symbol reads in order inside right-to-left screens
 * (each table cell and name takes its own direction), and a badge keeps its whole word on a phone.
 */
test('names starting with Latin text or a symbol are isolated; badges are never cut at 375 px', async ({
  page,
  request,
}) => {
  const headers = bearer(await adminAuth(request));
  const tag = String(Math.floor(Math.random() * 1e6));
  for (const [name, type] of [
    [`ABC للتجارة ${tag}`, 'company'],
    [`=SUM(1,2) ${tag}`, 'individual'],
  ] as const) {
    const res = await request.post('/api/customer', {
      headers,
      data: { name, type, phoneNumber: randomPhone() },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await signedInAs(page, request, { role: 'admin' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/dashboard/customer?search=${tag}`);
  const cell = page.getByRole('cell', { name: new RegExp(`ABC للتجارة ${tag}`) });
  await expect(cell).toBeVisible();
  // The cell's paragraph takes the direction of its own first letter: "ABC" stays left of «للتجارة».
  expect(await cell.evaluate((td) => getComputedStyle(td).unicodeBidi)).toBe('plaintext');
  const order = await cell.evaluate((td) => {
    const range = document.createRange();
    const text = td.querySelector('p, span, div') ?? td;
    const node = [...text.childNodes].find((n) => n.nodeType === 3) ?? text.firstChild!;
    const s = node.textContent ?? '';
    const rectOf = (from: number, to: number) => {
      range.setStart(node, from);
      range.setEnd(node, to);
      return range.getBoundingClientRect().left;
    };
    return {
      abc: rectOf(s.indexOf('ABC'), s.indexOf('ABC') + 3),
      arabic: rectOf(s.indexOf('ل'), s.indexOf('ل') + 1),
    };
  });
  expect(order.abc).toBeLessThan(order.arabic);

  // The type badge shows the whole word.
  const badge = page
    .getByRole('row', { name: new RegExp(`ABC للتجارة ${tag}`) })
    .getByText('منشأة', { exact: true });
  await expect(badge).toBeVisible();
  const cut = await badge.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(cut).toBe(false);
  await page.screenshot({ path: path.join(OUT_DIR, 'mixed-text-375-light.png'), fullPage: true });

  // The details page isolates the name in its heading.
  await page.getByRole('cell', { name: new RegExp(`=SUM\\(1,2\\) ${tag}`) }).click();
  await expect(page.getByRole('heading', { name: `=SUM(1,2) ${tag}` })).toBeVisible();
  expect(
    await page
      .getByRole('heading', { name: `=SUM(1,2) ${tag}` })
      .locator('bdi')
      .count(),
  ).toBe(1);
});
