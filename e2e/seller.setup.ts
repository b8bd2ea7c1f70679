import { expect, test } from '@playwright/test';
import { testSeller } from '../apps/api/src/test/test-seller';
import { adminAuth, bearer } from './support/api';

/**
 * A fresh installation has no seller data, and issues no document until the office fills it in.
 * The specs issue documents, so this runs first (the `seller` project every other depends on) and
 * fills it in as an office would, through the settings API.
 */
test('the office fills in its seller data', async ({ request }) => {
  const headers = bearer(await adminAuth(request));
  const fresh = await (await request.get('/api/einvoicing', { headers })).json();
  expect(fresh.seller.ready).toBe(false);
  const res = await request.put('/api/settings', {
    headers,
    data: testSeller,
  });
  expect(res.status(), await res.text()).toBe(200);
  expect((await (await request.get('/api/einvoicing', { headers })).json()).seller.ready).toBe(true);
});
