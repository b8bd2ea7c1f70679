import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CertificationRequest } from '@peculiar/asn1-csr';
import { AsnConvert } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  Certificate,
  Name,
  RelativeDistinguishedName,
  TBSCertificate,
  Validity,
  Version,
} from '@peculiar/asn1-x509';
import { tokenFromCertificate } from '../zatca/fatoora-client';
import { invoiceHash } from '../zatca/stamp';

/**
 * A local FATOORA that follows the gateway's published contract closely enough to drive the whole
 * path in tests: OTP-checked compliance CSIDs issued as real certificates for the CSR's key, Basic
 * authentication, compliance checks, production CSIDs and their renewal, reporting and clearance.
 * Each answer of the two submission routes can be scripted (`script`) to 400/202/401/5xx/409, and
 * each onboarding step's (`steps`), to drive the failures a person meets while connecting.
 */

/** A scripted answer; status 0 drops the connection (ZATCA unreachable). */
type Scripted = { status: number; body?: unknown };
type Step = 'compliance' | 'complianceCheck' | 'production' | 'renew';

export interface FakeFatoora {
  url: string;
  otp: string;
  /** Answers the next reporting/clearance calls give, in order; default: accepted. */
  script: Scripted[];
  /** Answers the next calls of one onboarding step give, in order; default: the real behaviour. */
  steps: Partial<Record<Step, Scripted[]>>;
  /** Every CSID secret handed out, so tests can prove none of them leaks. */
  secrets: string[];
  /** Every CSR received for a compliance CSID (base64 of the PEM, as sent). */
  csrs: string[];
  /** Every submission received: route, uuid, hash. */
  received: {
    route: 'report' | 'clear' | 'compliance';
    uuid: string;
    invoiceHash: string;
    hashMatches: boolean;
  }[];
  close(): Promise<void>;
}

const ECDSA_SHA256 = '1.2.840.10045.4.3.2';

function caName() {
  return new Name([
    new RelativeDistinguishedName([
      new AttributeTypeAndValue({
        type: '2.5.4.3',
        value: new AttributeValue({ printableString: 'FAKE-ZATCA-CA' }),
      }),
    ]),
  ]);
}

/** A certificate for the CSR's key and subject, signed by the fake CA. */
function issueFor(csrBase64: string, caKeyPem: string) {
  const pem = Buffer.from(csrBase64, 'base64').toString('utf8');
  const der = Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
  const csr = AsnConvert.parse(der, CertificationRequest);
  const serial = randomBytes(16);
  serial[0] = (serial[0] & 0x7f) | 0x01; // positive, minimal DER
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: serial.buffer.slice(serial.byteOffset, serial.byteOffset + 16) as ArrayBuffer,
    signature: new AlgorithmIdentifier({ algorithm: ECDSA_SHA256 }),
    issuer: caName(),
    validity: new Validity({
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + 365 * 86_400_000),
    }),
    subject: csr.certificationRequestInfo.subject,
    subjectPublicKeyInfo: csr.certificationRequestInfo.subjectPKInfo,
  });
  const signature = sign('sha256', Buffer.from(AsnConvert.serialize(tbs)), caKeyPem);
  const cert = new Certificate({
    tbsCertificate: tbs,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: ECDSA_SHA256 }),
    signatureValue: signature.buffer.slice(
      signature.byteOffset,
      signature.byteOffset + signature.length,
    ) as ArrayBuffer,
  });
  const body = Buffer.from(AsnConvert.serialize(cert)).toString('base64');
  return `-----BEGIN CERTIFICATE-----\n${body.replace(/.{1,64}/g, '$&\n')}-----END CERTIFICATE-----\n`;
}

async function readJson(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    return {};
  }
}

/** The fake, listening on `port` (0: any free one). */
export async function startFakeFatoora(port = 0): Promise<FakeFatoora> {
  const fake = fakeFatoora();
  await fake.listen(port);
  return fake;
}

/** The fake, not yet listening: `listen` opens it and sets its `url`. */
export function fakeFatoora(): FakeFatoora & { listen(port?: number): Promise<void> } {
  const ca = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  const caKeyPem = ca.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const identities = new Map<
    string,
    { secret: string; kind: 'compliance' | 'production'; requestId: string }
  >();
  let requestSeq = 1000;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    if (status === 0) return void res.socket?.destroy();
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const authorised = (req: IncomingMessage, kind: 'compliance' | 'production') => {
    const header = String(req.headers.authorization ?? '');
    if (!header.startsWith('Basic ')) return null;
    const [token, secret] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    const identity = identities.get(token);
    return identity && identity.secret === secret && identity.kind === kind ? identity : null;
  };
  const newIdentity = (csr: string, kind: 'compliance' | 'production') => {
    const token = tokenFromCertificate(issueFor(csr, caKeyPem));
    const secret = randomBytes(12).toString('base64');
    fake.secrets.push(secret);
    const requestId = String(++requestSeq);
    identities.set(token, { secret, kind, requestId });
    return {
      requestID: requestId,
      dispositionMessage: 'ISSUED',
      binarySecurityToken: token,
      secret,
      errors: null,
    };
  };
  const csrsByRequest = new Map<string, string>();

  const fake: FakeFatoora = {
    url: '',
    otp: '123345',
    script: [],
    steps: {},
    secrets: [],
    received: [],
    csrs: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = createServer(async (req, res) => {
    const body = await readJson(req);
    const route = `${req.method} ${req.url}`;
    const document = () => {
      const xml = Buffer.from(String(body.invoice ?? ''), 'base64').toString('utf8');
      let hashMatches = false;
      try {
        hashMatches = invoiceHash(xml) === body.invoiceHash;
      } catch {
        hashMatches = false;
      }
      return { xml, hashMatches };
    };
    if (route === 'GET /health') return send(res, 200, { ok: true });
    // The browser suite runs this fake as a process: it scripts answers over HTTP.
    if (route === 'POST /_test/script') {
      fake.script.push({ status: Number(body.status), body: body.body });
      return send(res, 200, { queued: fake.script.length });
    }
    const step: Step | undefined = (
      {
        'POST /compliance': 'compliance',
        'POST /compliance/invoices': 'complianceCheck',
        'POST /production/csids': 'production',
        'PATCH /production/csids': 'renew',
      } as const
    )[route as 'POST /compliance'];
    const stepScript = step ? fake.steps[step]?.shift() : undefined;
    if (stepScript) return send(res, stepScript.status, stepScript.body ?? {});
    if (route === 'POST /compliance') {
      if (req.headers.otp !== fake.otp)
        return send(res, 400, { errorCode: 'Invalid-OTP', errorMessage: 'Invalid OTP' });
      if (!body.csr) return send(res, 400, { errorCode: 'Missing-CSR', errorMessage: 'CSR is required' });
      try {
        const answer = newIdentity(body.csr, 'compliance');
        csrsByRequest.set(answer.requestID, body.csr);
        fake.csrs.push(body.csr);
        return send(res, 200, answer);
      } catch {
        return send(res, 400, { errorCode: 'Invalid-CSR', errorMessage: 'Invalid CSR' });
      }
    }
    if (route === 'POST /compliance/invoices') {
      if (!authorised(req, 'compliance')) return send(res, 401, {});
      const { xml, hashMatches } = document();
      fake.received.push({
        route: 'compliance',
        uuid: body.uuid,
        invoiceHash: body.invoiceHash,
        hashMatches,
      });
      const standard = xml.includes('name="0100000"');
      const validationResults = hashMatches
        ? {
            status: 'PASS',
            infoMessages: [
              { type: 'INFO', code: 'XSD_ZATCA_VALID', message: 'Complied with UBL 2.1 standards' },
            ],
            warningMessages: [],
            errorMessages: [],
          }
        : {
            status: 'ERROR',
            warningMessages: [],
            errorMessages: [
              {
                type: 'ERROR',
                code: 'invoiceHash_QRCODE_INVALID',
                category: 'QRCODE_VALIDATION',
                message: 'Invoice hash does not match',
              },
            ],
          };
      return send(res, hashMatches ? 200 : 400, {
        validationResults,
        ...(standard
          ? { clearanceStatus: hashMatches ? 'CLEARED' : 'NOT_CLEARED' }
          : { reportingStatus: hashMatches ? 'REPORTED' : 'NOT_REPORTED' }),
      });
    }
    if (route === 'POST /production/csids') {
      const identity = authorised(req, 'compliance');
      if (!identity) return send(res, 401, {});
      const csr = csrsByRequest.get(String(body.compliance_request_id));
      if (!csr || identity.requestId !== String(body.compliance_request_id))
        return send(res, 400, {
          errorCode: 'Invalid-Request-ID',
          errorMessage: 'Invalid compliance request id',
        });
      return send(res, 200, newIdentity(csr, 'production'));
    }
    if (route === 'PATCH /production/csids') {
      // Renewal: the current production CSID authenticates, the OTP and a new CSR.
      if (!authorised(req, 'production')) return send(res, 401, {});
      if (req.headers.otp !== fake.otp)
        return send(res, 400, { errorCode: 'Invalid-OTP', errorMessage: 'Invalid OTP' });
      try {
        return send(res, 200, newIdentity(String(body.csr ?? ''), 'production'));
      } catch {
        return send(res, 400, { errorCode: 'Invalid-CSR', errorMessage: 'Invalid CSR' });
      }
    }
    if (route === 'POST /invoices/reporting/single' || route === 'POST /invoices/clearance/single') {
      const clearing = route.includes('clearance');
      const scripted = fake.script.shift();
      if (scripted) return send(res, scripted.status, scripted.body ?? {});
      if (!authorised(req, 'production')) return send(res, 401, {});
      const { xml, hashMatches } = document();
      fake.received.push({
        route: clearing ? 'clear' : 'report',
        uuid: body.uuid,
        invoiceHash: body.invoiceHash,
        hashMatches,
      });
      if (!hashMatches)
        return send(res, 400, {
          validationResults: {
            status: 'ERROR',
            errorMessages: [
              { type: 'ERROR', code: 'invoiceHash_QRCODE_INVALID', message: 'Invoice hash does not match' },
            ],
          },
          ...(clearing ? { clearanceStatus: 'NOT_CLEARED' } : { reportingStatus: 'NOT_REPORTED' }),
        });
      return send(res, 200, {
        validationResults: { status: 'PASS', warningMessages: [], errorMessages: [] },
        ...(clearing
          ? {
              clearanceStatus: 'CLEARED',
              clearedInvoice: Buffer.from(
                xml.replace('</Invoice>', '<!-- cleared by FATOORA --></Invoice>'),
              ).toString('base64'),
            }
          : { reportingStatus: 'REPORTED' }),
      });
    }
    send(res, 404, { message: 'not found' });
  });
  return Object.assign(fake, {
    async listen(port = 0) {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
      fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
  });
}

/**
 * The settings that point an app at `fake` in the simulation environment, with a fresh key for the
 * app's secrets unless one is given.
 */
export function fatooraEnv(fake: FakeFatoora, secretKey = randomBytes(32).toString('base64')) {
  return { ZATCA_API_URL: fake.url, ZATCA_ENV: 'simulation', IDARA_SECRET_KEY: secretKey };
}
