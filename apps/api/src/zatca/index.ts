import { createHash } from 'node:crypto';
import { type EinvoiceSnapshot, type SignedEinvoice, zatcaQrBase64 } from '@idara/domain';

/**
 * ZATCA phase 2: a frozen snapshot → signed UBL 2.1 XML, its hash (the next document's PIH) and
 * its QR. Pure: no database, no network.
 *
 * PLACEHOLDER until the real implementation lands: the contract below is final, the bodies are not.
 */

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
  _credential: SigningCredential,
): SignedEinvoice {
  const body = JSON.stringify({ snapshot, chain });
  const hash = createHash('sha256').update(body).digest('base64');
  const qr = zatcaQrBase64({
    sellerName: snapshot.seller.name,
    vatNumber: snapshot.seller.vatNumber,
    timestamp: new Date(snapshot.issuedAt),
    total: snapshot.total,
    vat: snapshot.vatAmount,
  });
  return { xml: `<Invoice><!-- placeholder ${hash} --></Invoice>`, hash, qr };
}

/** A new EGS key pair (secp256k1), PEM. */
export function generateKeyPair(): { privateKeyPem: string; publicKeyPem: string } {
  throw new Error('not implemented yet');
}

export interface CsrInput {
  /** Common name: the EGS unit's name, e.g. "EGS1-886431145". */
  commonName: string;
  /** Organization identifier: the seller's 15-digit VAT number. */
  vatNumber: string;
  organizationName: string;
  /** Organization unit: the branch name (or the 10-digit TIN for VAT groups). */
  organizationUnit: string;
  /** ZATCA's EGS serial: "1-Idara|2-<version>|3-<uuid>". */
  egsSerialNumber: string;
  /** Invoice types the unit issues, ZATCA's 4-digit "TSCZ" flags: "1100" = standard and simplified. */
  invoiceTypes: string;
  /** Registered address (city or short address). */
  location: string;
  /** Business category, e.g. "Services". */
  industry: string;
  /** developer-portal | simulation | core: sets the certificate template name. */
  environment: 'developer-portal' | 'simulation' | 'core';
}

/** ZATCA's CSR (with its SAN and certificate-template extensions), base64 of the PEM as FATOORA expects. */
export function createCsr(_input: CsrInput, _privateKeyPem: string): string {
  throw new Error('not implemented yet');
}

/** A self-signed certificate for a business not yet connected to FATOORA («غير مرتبط»). */
export function createLocalTestCertificate(
  _privateKeyPem: string,
  _subject: { commonName: string; vatNumber: string; organizationName: string },
): string {
  throw new Error('not implemented yet');
}

/** What a certificate says that the app shows or signs with. */
export function readCertificate(_certificatePem: string): {
  serialNumber: string;
  issuer: string;
  notBefore: Date;
  notAfter: Date;
} {
  throw new Error('not implemented yet');
}
