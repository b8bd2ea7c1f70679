import type { DbOrTx } from '../db/client';
import { createLocalTestCertificate, generateKeyPair, type SigningCredential } from './index';

/**
 * The credential documents are signed with. Until the business is onboarded to FATOORA that is a
 * local test certificate, made on first use and kept in this process's memory only (nothing secret
 * at rest): every document carries its certificate, so each stays verifiable, and all say «غير مرتبط».
 */
export interface ActiveCredential extends SigningCredential {
  kind: 'local-test' | 'compliance' | 'production';
  environment: 'local' | 'developer-portal' | 'simulation' | 'core';
}

let localTest: ActiveCredential | undefined;

export async function activeCredential(_db: DbOrTx): Promise<ActiveCredential> {
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
