import type { Config } from '../config';

/**
 * ZATCA's FATOORA gateway, as its developer portal publishes it (API version 2): compliance CSID,
 * compliance checks, production CSID, reporting (simplified) and clearance (standard). Every call
 * answers `{status, body}`; deciding what a status means is the caller's.
 */

export const FATOORA_URLS = {
  'developer-portal': 'https://gw-fatoora.zatca.gov.sa/e-invoicing/developer-portal',
  simulation: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation',
  core: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/core',
} as const;

export interface CsidAnswer {
  requestID: string | number;
  dispositionMessage?: string;
  /** base64 of the certificate's base64 DER. */
  binarySecurityToken: string;
  secret: string;
}

export interface ValidationResults {
  status?: string;
  infoMessages?: ZatcaMessage[] | ZatcaMessage;
  warningMessages?: ZatcaMessage[];
  errorMessages?: ZatcaMessage[];
}

export interface ZatcaMessage {
  type?: string;
  code?: string;
  category?: string;
  message?: string;
  status?: string;
}

export interface SubmissionAnswer {
  validationResults?: ValidationResults;
  reportingStatus?: string;
  clearanceStatus?: string;
  /** Clearance: the XML as ZATCA stamped it, base64. */
  clearedInvoice?: string;
}

export interface DocumentSubmission {
  invoiceHash: string;
  uuid: string;
  /** base64 of the signed XML. */
  invoice: string;
}

export interface Credentials {
  binarySecurityToken: string;
  secret: string;
}

export class FatooraUnreachable extends Error {}

export function fatooraClient(config: Pick<Config, 'ZATCA_ENV' | 'ZATCA_API_URL'>) {
  const base = (config.ZATCA_API_URL ?? FATOORA_URLS[config.ZATCA_ENV]).replace(/\/+$/, '');

  async function call<T>(
    method: 'POST' | 'PATCH',
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: T }> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          'Accept-Version': 'V2',
          // ZATCA answers its validation messages in Arabic when asked.
          'Accept-Language': 'ar',
          Accept: 'application/json',
          'Content-Type': 'application/json',
          ...headers,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (err) {
      throw new FatooraUnreachable((err as Error).message);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      // an HTML error page from a proxy: kept as text
    }
    return { status: res.status, body: parsed as T };
  }

  const basic = (c: Credentials) => ({
    Authorization: `Basic ${Buffer.from(`${c.binarySecurityToken}:${c.secret}`).toString('base64')}`,
  });

  return {
    complianceCsid: (csr: string, otp: string) =>
      call<CsidAnswer>('POST', '/compliance', { csr }, { OTP: otp }),
    complianceCheck: (c: Credentials, doc: DocumentSubmission) =>
      call<SubmissionAnswer>('POST', '/compliance/invoices', doc, basic(c)),
    productionCsid: (c: Credentials, complianceRequestId: string) =>
      call<CsidAnswer>('POST', '/production/csids', { compliance_request_id: complianceRequestId }, basic(c)),
    renewProductionCsid: (c: Credentials, csr: string, otp: string) =>
      call<CsidAnswer>('PATCH', '/production/csids', { csr }, { ...basic(c), OTP: otp }),
    report: (c: Credentials, doc: DocumentSubmission) =>
      call<SubmissionAnswer>('POST', '/invoices/reporting/single', doc, {
        ...basic(c),
        'Clearance-Status': '0',
      }),
    clear: (c: Credentials, doc: DocumentSubmission) =>
      call<SubmissionAnswer>('POST', '/invoices/clearance/single', doc, {
        ...basic(c),
        'Clearance-Status': '1',
      }),
  };
}

export type FatooraClient = ReturnType<typeof fatooraClient>;

/** The certificate a CSID answer carries, as PEM. */
export function certificateFromToken(binarySecurityToken: string) {
  const body = Buffer.from(binarySecurityToken, 'base64').toString('utf8').replace(/\s+/g, '');
  return `-----BEGIN CERTIFICATE-----\n${body.replace(/.{1,64}/g, '$&\n')}-----END CERTIFICATE-----\n`;
}

/** The token FATOORA expects back: base64 of the certificate's base64 body. */
export function tokenFromCertificate(certificatePem: string) {
  const body = certificatePem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  return Buffer.from(body).toString('base64');
}
