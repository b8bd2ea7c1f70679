import type { EinvoiceSnapshot, SignedEinvoice } from '@idara/domain';
import { stamp } from './stamp';
import { ublInvoice } from './ubl';

/**
 * ZATCA phase 2: a frozen snapshot → signed UBL 2.1 XML, its hash (the next document's PIH) and its
 * QR; the EGS keys, CSR and certificates. Pure: no database, no network.
 */

export {
  certificateTemplates,
  createCsr,
  createLocalTestCertificate,
  type EgsIdentity,
  generateKeyPair,
  readCertificate,
} from './certificates';
export { invoiceHash } from './stamp';

export interface SigningCredential {
  /** PEM, EC secp256k1. */
  privateKeyPem: string;
  /** PEM of the certificate ZATCA issued (or the local test one). */
  certificatePem: string;
}

export interface ChainPosition {
  /** Invoice counter value (ICV): the document's `seq`. */
  icv: number;
  /** PIH: the previous phase-2 document's hash, or FIRST_PREVIOUS_HASH. */
  previousHash: string;
}

export function signEinvoice(
  snapshot: EinvoiceSnapshot,
  chain: ChainPosition,
  credential: SigningCredential,
): SignedEinvoice {
  return stamp(ublInvoice(snapshot, chain), snapshot, credential);
}
