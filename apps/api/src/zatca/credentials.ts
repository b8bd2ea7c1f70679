import type { DbOrTx } from '../db/client';
import type { SigningCredential } from './index';

/**
 * The credential documents are signed with: the production CSID once onboarded, otherwise a local
 * test certificate made on first use (documents then say «غير مرتبط»).
 *
 * PLACEHOLDER until the real implementation lands: the contract is final, the body is not.
 */
export interface ActiveCredential extends SigningCredential {
  kind: 'local-test' | 'compliance' | 'production';
  environment: 'local' | 'developer-portal' | 'simulation' | 'core';
}

export async function activeCredential(_db: DbOrTx): Promise<ActiveCredential> {
  return { kind: 'local-test', environment: 'local', privateKeyPem: '', certificatePem: '' };
}
