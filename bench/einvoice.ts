/**
 * Issuing an e-invoice: building the UBL, hashing it (C14N, SHA-256), signing (ECDSA secp256k1),
 * XAdES and QR, per document, against signing the same digest with bare `crypto.sign` — the one part
 * no implementation can skip. Then what issuing adds to the request a person waits on: marking a
 * payment paid (which issues the order's invoice) against approving one (which issues nothing), both
 * through the API on the same embedded database.
 */
import { createHash, sign } from 'node:crypto';
import { FIRST_PREVIOUS_HASH } from '@idara/domain';
import { sampleSnapshot } from '../apps/api/src/test/einvoice-samples';
import { createTestApp } from '../apps/api/src/test/harness';
import { createLocalTestCertificate, generateKeyPair, signEinvoice } from '../apps/api/src/zatca';
import type { BenchResult } from './harness';

const ROUNDS = 1000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function timeEach(n: number, fn: (i: number) => void) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = process.hrtime.bigint();
    fn(i);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}

async function signingBench(): Promise<BenchResult> {
  const keys = generateKeyPair();
  const credential = {
    privateKeyPem: keys.privateKeyPem,
    certificatePem: createLocalTestCertificate(keys.privateKeyPem, {
      commonName: 'EGS1-bench',
      vatNumber: '399999999900003',
      organizationName: 'Bench',
    }),
  };
  const snapshots = Array.from({ length: ROUNDS }, (_, i) => sampleSnapshot('invoice', 'simplified', i + 1));
  const digest = createHash('sha256').update('bench').digest();
  const bare = timeEach(ROUNDS, () => sign('sha256', digest, keys.privateKeyPem));
  const full = timeEach(ROUNDS, (i) =>
    signEinvoice(snapshots[i], { icv: i + 1, previousHash: FIRST_PREVIOUS_HASH }, credential),
  );
  return {
    name: 'e-invoice: snapshot → UBL, hash, signature, XAdES, QR (median of 1,000) vs bare crypto.sign of a digest',
    measured: `${full.toFixed(2)} ms`,
    baseline: `${bare.toFixed(3)} ms`,
    ratio: full / bare,
    goal: '≤ 20 (a person never notices it)',
    met: full / bare <= 20,
  };
}

async function requestBench(): Promise<BenchResult> {
  const t = await createTestApp();
  try {
    const admin = await t.adminToken();
    const reviewer = (await t.userWith('admin')).token;
    const call = (url: string, payload: object, token: string) =>
      t.inject({ method: 'POST', url, token, payload });
    const customer = (
      await call('/api/customer', { name: 'عميل القياس', phoneNumber: '0557770001' }, admin)
    ).json()._id;
    const service = (await call('/api/service', { name: 'خدمة', price: '100.00' }, admin)).json()._id;
    const method = (await t.inject({ method: 'GET', url: '/api/paymentMethod?limit=1', token: admin })).json()
      .data[0]._id;
    const N = 60;
    const approveTimes: number[] = [];
    const paidTimes: number[] = [];
    for (let i = 0; i < N; i++) {
      const order = (
        await call('/api/order', { customer, items: [{ service, quantity: 1, unitPrice: '100.00' }] }, admin)
      ).json();
      const p = (
        await call('/api/payment', { order: order._id, amount: '115.00', paymentMethod: method }, admin)
      ).json();
      let start = performance.now();
      await call(`/api/payment/${p._id}/status`, { status: 'approved' }, reviewer);
      approveTimes.push(performance.now() - start);
      start = performance.now();
      const paid = await call(`/api/payment/${p._id}/status`, { status: 'paid' }, reviewer);
      paidTimes.push(performance.now() - start);
      if (paid.statusCode !== 200) throw new Error(`paid: ${paid.body}`);
    }
    const approve = median(approveTimes.slice(10));
    const paid = median(paidTimes.slice(10));
    return {
      name: 'marking a payment paid (issues the signed invoice) vs approving it (issues nothing), through the API',
      measured: `${paid.toFixed(1)} ms`,
      baseline: `${approve.toFixed(1)} ms`,
      ratio: paid / approve,
      goal: '≤ 2.00',
      met: paid / approve <= 2,
    };
  } finally {
    await t.close();
  }
}

export async function einvoiceBenches(): Promise<BenchResult[]> {
  return [await signingBench(), await requestBench()];
}
