import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { zatcaCredentials } from '../db/schema';
import { open } from '../lib/secret-box';
import { createLocalTestCertificate, generateKeyPair, type SigningCredential } from './index';

/**
 * The credential documents are signed with: the production CSID once the business is onboarded to
 * FATOORA (its private key and secret stored sealed, see lib/secret-box.ts); before that a local
 * test certificate, made on first use and kept in this process's memory only — every document
 * carries its certificate, so each stays verifiable, and all say «غير مرتبط».
 */
export interface ActiveCredential extends SigningCredential {
  kind: 'local-test' | 'compliance' | 'production';
  environment: 'local' | 'developer-portal' | 'simulation' | 'core';
  /** FATOORA's Basic credentials (production only). */
  binarySecurityToken?: string;
  secret?: string;
}

let localTest: ActiveCredential | undefined;
/** Where the key that opens sealed secrets comes from (set once by the app from its config). */
let secretKey: (() => Buffer) | undefined;

export function useSecretKey(source: () => Buffer) {
  secretKey = source;
}

/** The key new secrets are sealed with (an Arabic 409 when none may be had, see lib/secret-box.ts). */
export function sealingKey() {
  if (!secretKey) throw new Error('useSecretKey was not called');
  return secretKey();
}

function local(): ActiveCredential {
  if (!localTest) {
    const keys = generateKeyPair();
    const certificatePem = createLocalTestCertificate(keys.privateKeyPem, {
      commonName: 'EGS1-Idara-local',
      vatNumber: '300000000000003',
      organizationName: 'Idara (غير مرتبط)',
    });
    localTest = {
      kind: 'local-test',
      environment: 'local',
      privateKeyPem: keys.privateKeyPem,
      certificatePem,
    };
  }
  return localTest;
}

export async function productionRow(db: DbOrTx) {
  const [row] = await db
    .select()
    .from(zatcaCredentials)
    .where(and(eq(zatcaCredentials.kind, 'production'), eq(zatcaCredentials.active, true)))
    .orderBy(desc(zatcaCredentials.createdAt))
    .limit(1);
  return row;
}

export async function activeCredential(db: DbOrTx): Promise<ActiveCredential> {
  const row = await productionRow(db);
  if (!row || !secretKey) return local();
  const key = secretKey();
  return {
    kind: 'production',
    environment: row.environment as ActiveCredential['environment'],
    privateKeyPem: open(key, row.privateKey),
    certificatePem: row.certificate,
    binarySecurityToken: Buffer.from(
      row.certificate.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, ''),
    ).toString('base64'),
    secret: open(key, row.secret),
  };
}
