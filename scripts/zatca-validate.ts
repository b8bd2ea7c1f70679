/**
 * `npm run zatca:validate`: writes one signed document of every kind Idara issues (standard and
 * simplified × invoice, credit note, debit note; each with every payment means and a supply date
 * before the issue day; a corrected invoice after a rejected one; each VAT category S, Z, E and O, alone
 * and mixed, with a decimal quantity by the hour; the invoices a customer contract issues, each billing
 * kind), chained, with a local test certificate, and runs
 * ZATCA's rules on each through the offline validator (ZATCA_VALIDATOR, default
 * ../shared/zatca-validator/validate.sh). A check before a release, not part of `npm test`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type EinvoiceSnapshot, FIRST_PREVIOUS_HASH, paymentMeansCodes, riyadhDayOf } from '@idara/domain';
import { contractInvoices } from '../apps/api/src/test/contract-invoices';
import { sampleSnapshot } from '../apps/api/src/test/einvoice-samples';
import { createLocalTestCertificate, generateKeyPair, signEinvoice } from '../apps/api/src/zatca';

const validator = path.resolve(
  process.env.ZATCA_VALIDATOR ?? path.join(import.meta.dirname, '../../shared/zatca-validator/validate.sh'),
);
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-zatca-'));
const keys = generateKeyPair();
const certificatePem = createLocalTestCertificate(keys.privateKeyPem, {
  commonName: 'EGS1-Idara',
  vatNumber: '399999999900003',
  organizationName: 'شركة إدارة للخدمات',
});
let previousHash = FIRST_PREVIOUS_HASH;
let failed = 0;
let icv = 0;

/** Signs the document next in the chain and runs the validator on it. */
function check(name: string, snapshot: EinvoiceSnapshot) {
  icv++;
  const signed = signEinvoice(
    snapshot,
    { icv, previousHash },
    { privateKeyPem: keys.privateKeyPem, certificatePem },
  );
  const file = path.join(out, `${String(icv).padStart(2, '0')}-${name.replace(/[^a-z0-9]+/gi, '-')}.xml`);
  fs.writeFileSync(file, signed.xml);
  try {
    const result = execFileSync('bash', [validator, file], {
      env: { ...process.env, ZATCA_EXPECTED_PIH: previousHash },
      encoding: 'utf8',
    });
    console.log(`${name}: ${result.trim().split('\n').pop()}`);
  } catch (err) {
    failed++;
    console.log(`${name}: FAILED\n${(err as { stdout?: string }).stdout ?? err}`);
  }
  previousHash = signed.hash;
}

const threeDaysAgo = riyadhDayOf(new Date(Date.now() - 3 * 86_400_000));
for (const scope of ['simplified', 'standard'] as const) {
  for (const kind of ['invoice', 'credit', 'debit'] as const) {
    check(`${scope} ${kind}`, sampleSnapshot(kind, scope, icv + 1));
    // How it was paid (cash, on credit, bank transfer, bank card, not defined) and when it was supplied.
    for (const code of Object.values(paymentMeansCodes))
      check(`${scope} ${kind}, payment means ${code}, supplied ${threeDaysAgo}`, {
        ...sampleSnapshot(kind, scope, icv + 1),
        paymentMeansCode: code,
        supplyDate: threeDaysAgo,
      });
  }
  // A corrected invoice after a rejected one: a new number and UUID, the next ICV, the rejected one's hash as PIH.
  check(`${scope} invoice corrected after a rejection`, sampleSnapshot('invoice', scope, icv + 1));
  // Every VAT category, alone and mixed (S with Z by the hour and E), with a discount shared over them.
  for (const mix of ['mixed', 'zeroRated', 'exempt', 'outOfScope'] as const)
    for (const kind of ['invoice', 'credit', 'debit'] as const)
      check(`${scope} ${kind}, ${mix}`, sampleSnapshot(kind, scope, icv + 1, mix));
}
// Contract invoices as the billing path issues them: upfront, a quarter's, a done visit's — for a
// business buyer (standard) and a person (simplified).
for (const [scope, snapshot] of await contractInvoices()) check(`contract ${scope}`, snapshot);
console.log(`documents in ${out}`);
process.exit(failed ? 1 : 0);
