/**
 * `npm run zatca:validate`: writes one signed document of every kind Idara issues (standard and
 * simplified × invoice, credit note, debit note), chained, with a local test certificate, and runs
 * ZATCA's rules on each through the offline validator (ZATCA_VALIDATOR, default
 * ../shared/zatca-validator/validate.sh). A check before a release, not part of `npm test`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIRST_PREVIOUS_HASH } from '@idara/domain';
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
for (const scope of ['simplified', 'standard'] as const) {
  for (const kind of ['invoice', 'credit', 'debit'] as const) {
    icv++;
    const signed = signEinvoice(
      sampleSnapshot(kind, scope, icv),
      { icv, previousHash },
      { privateKeyPem: keys.privateKeyPem, certificatePem },
    );
    const file = path.join(out, `${scope}-${kind}.xml`);
    fs.writeFileSync(file, signed.xml);
    try {
      const result = execFileSync('bash', [validator, file], {
        env: { ...process.env, ZATCA_EXPECTED_PIH: previousHash },
        encoding: 'utf8',
      });
      console.log(`${scope} ${kind}: ${result.trim().split('\n').pop()}`);
    } catch (err) {
      failed++;
      console.log(`${scope} ${kind}: FAILED\n${(err as { stdout?: string }).stdout ?? err}`);
    }
    previousHash = signed.hash;
  }
}
console.log(`documents in ${out}`);
process.exit(failed ? 1 : 0);
