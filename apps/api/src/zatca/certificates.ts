import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  X509Certificate,
} from 'node:crypto';
import { Attributes, CertificationRequest, CertificationRequestInfo } from '@peculiar/asn1-csr';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  Attribute,
  AttributeTypeAndValue,
  AttributeValue,
  Certificate,
  Extension,
  Extensions,
  GeneralName,
  KeyUsage,
  KeyUsageFlags,
  Name,
  RelativeDistinguishedName,
  SubjectAlternativeName,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
} from '@peculiar/asn1-x509';

/** ZATCA's EGS identity: EC keys on secp256k1, requests and certificates signed with ECDSA-SHA256. */
const ECDSA_SHA256 = '1.2.840.10045.4.3.2';
const OID = {
  country: '2.5.4.6',
  organization: '2.5.4.10',
  organizationUnit: '2.5.4.11',
  commonName: '2.5.4.3',
  surname: '2.5.4.4', // ZATCA: the EGS serial number
  userId: '0.9.2342.19200300.100.1.1', // ZATCA: the VAT number
  title: '2.5.4.12', // ZATCA: the invoice types, e.g. 1100
  registeredAddress: '2.5.4.26',
  businessCategory: '2.5.4.15',
  extensionRequest: '1.2.840.113549.1.9.14',
  certificateTemplateName: '1.3.6.1.4.1.311.20.2',
  subjectAltName: '2.5.29.17',
  keyUsage: '2.5.29.15',
};

/** The certificate template FATOORA issues from, by environment. */
export const certificateTemplates = {
  'developer-portal': 'TSTZATCA-Code-Signing',
  simulation: 'PREZATCA-Code-Signing',
  core: 'ZATCA-Code-Signing',
} as const;

type NamePart = [oid: string, value: string, kind?: 'printable' | 'utf8'];

function distinguishedName(parts: NamePart[]) {
  return new Name(
    parts.map(
      ([type, value, kind]) =>
        new RelativeDistinguishedName([
          new AttributeTypeAndValue({
            type,
            value: new AttributeValue(
              kind === 'printable' ? { printableString: value } : { utf8String: value },
            ),
          }),
        ]),
    ),
  );
}

const toArrayBuffer = (b: Buffer) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

function spkiOf(privateKeyPem: string) {
  const der = createPublicKey(createPrivateKey(privateKeyPem)).export({ type: 'spki', format: 'der' });
  return AsnConvert.parse(der, SubjectPublicKeyInfo);
}

function signDer(der: ArrayBuffer, privateKeyPem: string) {
  return toArrayBuffer(sign('sha256', Buffer.from(der), privateKeyPem));
}

function pem(label: string, der: ArrayBuffer) {
  const body = Buffer.from(der)
    .toString('base64')
    .replace(/.{1,64}/g, '$&\n');
  return `-----BEGIN ${label}-----\n${body}-----END ${label}-----\n`;
}

/** A new EGS key pair (secp256k1), PEM. */
export function generateKeyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export interface EgsIdentity {
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
}

/** The subjectAltName ZATCA reads the EGS details from: one directoryName. */
function egsAltName(egs: EgsIdentity) {
  const name = distinguishedName([
    [OID.surname, egs.egsSerialNumber],
    [OID.userId, egs.vatNumber],
    [OID.title, egs.invoiceTypes],
    [OID.registeredAddress, egs.location],
    [OID.businessCategory, egs.industry],
  ]);
  return new Extension({
    extnID: OID.subjectAltName,
    critical: false,
    extnValue: new OctetString(
      AsnConvert.serialize(new SubjectAlternativeName([new GeneralName({ directoryName: name })])),
    ),
  });
}

function egsSubject(egs: Pick<EgsIdentity, 'commonName' | 'organizationName' | 'organizationUnit'>) {
  return distinguishedName([
    [OID.country, 'SA', 'printable'],
    [OID.organizationUnit, egs.organizationUnit],
    [OID.organization, egs.organizationName],
    [OID.commonName, egs.commonName],
  ]);
}

/** ZATCA's CSR (template name and EGS details as extensions), as the base64 of its PEM, which FATOORA expects. */
export function createCsr(
  egs: EgsIdentity & { environment: keyof typeof certificateTemplates },
  privateKeyPem: string,
): string {
  const template = new Extension({
    extnID: OID.certificateTemplateName,
    critical: false,
    extnValue: new OctetString(
      AsnConvert.serialize(new AttributeValue({ printableString: certificateTemplates[egs.environment] })),
    ),
  });
  const requested = new Extensions([template, egsAltName(egs)]);
  const info = new CertificationRequestInfo({
    version: 0,
    subject: egsSubject(egs),
    subjectPKInfo: spkiOf(privateKeyPem),
    attributes: new Attributes([
      new Attribute({ type: OID.extensionRequest, values: [AsnConvert.serialize(requested)] }),
    ]),
  });
  const infoDer = AsnConvert.serialize(info);
  const request = new CertificationRequest({
    certificationRequestInfo: info,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: ECDSA_SHA256 }),
    signature: signDer(infoDer, privateKeyPem),
  });
  return Buffer.from(pem('CERTIFICATE REQUEST', AsnConvert.serialize(request))).toString('base64');
}

/**
 * A self-signed certificate for a business not yet connected to FATOORA: its documents are complete
 * and verifiable, and marked «غير مرتبط». Issuer and subject are the business itself.
 */
export function createLocalTestCertificate(
  privateKeyPem: string,
  subject: { commonName: string; vatNumber: string; organizationName: string },
  validDays = 365,
): string {
  const egs: EgsIdentity = {
    commonName: subject.commonName,
    vatNumber: subject.vatNumber,
    organizationName: subject.organizationName,
    organizationUnit: 'غير مرتبط',
    egsSerialNumber: `1-Idara|2-local|3-${randomBytes(8).toString('hex')}`,
    invoiceTypes: '1100',
    location: 'SA',
    industry: 'Services',
  };
  const name = egsSubject(egs);
  const serial = randomBytes(16);
  serial[0] = (serial[0] & 0x7f) | 0x01; // a positive INTEGER with no leading zero byte (DER is minimal)
  const now = Date.now();
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: toArrayBuffer(serial),
    signature: new AlgorithmIdentifier({ algorithm: ECDSA_SHA256 }),
    issuer: name,
    validity: new Validity({
      notBefore: new Date(now - 60_000),
      notAfter: new Date(now + validDays * 86_400_000),
    }),
    subject: name,
    subjectPublicKeyInfo: spkiOf(privateKeyPem),
    extensions: new Extensions([
      egsAltName(egs),
      new Extension({
        extnID: OID.keyUsage,
        critical: true,
        extnValue: new OctetString(AsnConvert.serialize(new KeyUsage(KeyUsageFlags.digitalSignature))),
      }),
    ]),
  });
  const certificate = new Certificate({
    tbsCertificate: tbs,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: ECDSA_SHA256 }),
    signatureValue: signDer(AsnConvert.serialize(tbs), privateKeyPem),
  });
  return pem('CERTIFICATE', AsnConvert.serialize(certificate));
}

/** The certificate's body as in ds:X509Certificate: base64 DER, no PEM armour, no line breaks. */
export function certificateBody(certificatePem: string) {
  return certificatePem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

/** What a certificate says that the app shows or signs with. */
export function readCertificate(certificatePem: string) {
  const der = Buffer.from(certificateBody(certificatePem), 'base64');
  const x509 = new X509Certificate(der);
  const parsed = AsnConvert.parse(der, Certificate);
  return {
    /** Decimal, as XAdES's X509SerialNumber wants it. */
    serialNumber: BigInt(`0x${x509.serialNumber}`).toString(10),
    /** RFC 4514 order (most specific first), as ZATCA writes X509IssuerName. */
    issuer: x509.issuer.split('\n').reverse().join(', '),
    notBefore: new Date(x509.validFrom),
    notAfter: new Date(x509.validTo),
    /** SPKI DER: QR tag 8. */
    publicKey: new Uint8Array(x509.publicKey.export({ type: 'spki', format: 'der' })),
    /** The issuer's signature over the certificate (DER): QR tag 9. */
    signature: new Uint8Array(parsed.signatureValue),
    der,
  };
}
