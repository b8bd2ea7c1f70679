import { createHash, sign } from 'node:crypto';
import { type EinvoiceSnapshot, type SignedEinvoice, zatcaQrBase64 } from '@idara/domain';
import { DOMParser, type Element, type Node } from '@xmldom/xmldom';
import { C14nCanonicalization, ExclusiveCanonicalization } from 'xml-crypto';
import { certificateBody, readCertificate } from './certificates';
import { MARK, NS, riyadhDateTime } from './ubl';

/**
 * The cryptographic stamp of ZATCA's Security Features Implementation Standard: the invoice hash
 * (the document without UBLExtensions, cac:Signature and the QR reference, canonicalized with C14N
 * 1.1 — the same as inclusive C14N 1.0 for a document without xml:id or xml:base — then SHA-256),
 * an ECDSA secp256k1 signature over that hash, XAdES signed properties naming the certificate, and
 * the QR with tags 1–9.
 */

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const XADES = 'http://uri.etsi.org/01903/v1.3.2#';
const C14N11 = 'http://www.w3.org/2006/12/xml-c14n11';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';

const canonical = (node: Node) => new C14nCanonicalization().process(node as never, {}) as string;
/** ZATCA's digests of the certificate and of the signed properties: base64 of the hex SHA-256. */
const hexDigest64 = (text: string) =>
  Buffer.from(createHash('sha256').update(text, 'utf8').digest('hex')).toString('base64');

/**
 * The signed-properties digest as ZATCA computes it: exclusive C14N of xades:SignedProperties,
 * except that the empty ds:DigestMethod stays self-closed (ZATCA's SDK hashes its own
 * serialization). This recipe reproduces the published digest of every sample in ZATCA's SDK;
 * inclusive C14N reproduces none.
 */
export function signedPropertiesDigest(properties: Node) {
  const canonical = (new ExclusiveCanonicalization().process(properties as never, {}) as string).replace(
    /<(ds:DigestMethod)([^>]*)><\/ds:DigestMethod>/g,
    '<$1$2/>',
  );
  return hexDigest64(canonical);
}

/** The invoice hash of a UBL document (signed or not): base64 SHA-256 of its canonical form without the stamp. */
export function invoiceHash(xml: string) {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const root = doc.documentElement;
  if (!root) throw new Error('not an XML document');
  for (const child of Array.from(root.childNodes)) {
    const el = child as Element;
    if (child.nodeType !== 1) continue;
    const isQr =
      el.localName === 'AdditionalDocumentReference' &&
      Array.from(el.childNodes).some(
        (n) => (n as Element).localName === 'ID' && n.textContent?.trim() === 'QR',
      );
    const drop =
      (el.namespaceURI === NS.ext && el.localName === 'UBLExtensions') ||
      (el.namespaceURI === NS.cac && el.localName === 'Signature') ||
      (el.namespaceURI === NS.cac && isQr);
    if (drop) root.removeChild(child);
  }
  return createHash('sha256').update(canonical(root), 'utf8').digest('base64');
}

function signedProperties(signingTime: string, certDigest: string, issuer: string, serial: string) {
  return `<xades:SignedProperties xmlns:xades="${XADES}" xmlns:ds="${DS}" Id="xadesSignedProperties"><xades:SignedSignatureProperties><xades:SigningTime>${signingTime}</xades:SigningTime><xades:SigningCertificate><xades:Cert><xades:CertDigest><ds:DigestMethod Algorithm="${SHA256}"/><ds:DigestValue>${certDigest}</ds:DigestValue></xades:CertDigest><xades:IssuerSerial><ds:X509IssuerName>${issuer.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</ds:X509IssuerName><ds:X509SerialNumber>${serial}</ds:X509SerialNumber></xades:IssuerSerial></xades:Cert></xades:SigningCertificate></xades:SignedSignatureProperties></xades:SignedProperties>`;
}

export function stamp(
  unsignedXml: string,
  snapshot: EinvoiceSnapshot,
  credential: { privateKeyPem: string; certificatePem: string },
): SignedEinvoice {
  const hash = invoiceHash(unsignedXml);
  const signature = sign('sha256', Buffer.from(hash, 'base64'), credential.privateKeyPem).toString('base64');
  const cert = readCertificate(credential.certificatePem);
  const body = certificateBody(credential.certificatePem);
  // The same clock as IssueDate/IssueTime and QR tag 3: Riyadh's, so one document tells one time.
  const riyadh = riyadhDateTime(snapshot.issuedAt);
  const signingTime = `${riyadh.date}T${riyadh.time}`;
  const properties = signedProperties(signingTime, hexDigest64(body), cert.issuer, cert.serialNumber);
  const propertiesDigest = signedPropertiesDigest(
    new DOMParser().parseFromString(properties, 'text/xml').documentElement as Node,
  );
  const issued = riyadhDateTime(snapshot.issuedAt);
  const qr = zatcaQrBase64({
    sellerName: snapshot.seller.name,
    vatNumber: snapshot.seller.vatNumber,
    timestamp: `${issued.date}T${issued.time}`,
    total: snapshot.total,
    vat: snapshot.vatAmount,
    stamp: {
      hash,
      signature,
      publicKey: cert.publicKey,
      certificateSignature: snapshot.scope === 'simplified' ? cert.signature : undefined,
    },
  });
  const extensions = [
    '<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionURI>urn:oasis:names:specification:ubl:dsig:enveloped:xades</ext:ExtensionURI><ext:ExtensionContent>',
    '<sig:UBLDocumentSignatures xmlns:sig="urn:oasis:names:specification:ubl:schema:xsd:CommonSignatureComponents-2" xmlns:sac="urn:oasis:names:specification:ubl:schema:xsd:SignatureAggregateComponents-2" xmlns:sbc="urn:oasis:names:specification:ubl:schema:xsd:SignatureBasicComponents-2">',
    '<sac:SignatureInformation><cbc:ID>urn:oasis:names:specification:ubl:signature:1</cbc:ID><sbc:ReferencedSignatureID>urn:oasis:names:specification:ubl:signature:Invoice</sbc:ReferencedSignatureID>',
    `<ds:Signature xmlns:ds="${DS}" Id="signature"><ds:SignedInfo><ds:CanonicalizationMethod Algorithm="${C14N11}"/><ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256"/>`,
    '<ds:Reference Id="invoiceSignedData" URI=""><ds:Transforms>',
    '<ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116"><ds:XPath>not(//ancestor-or-self::ext:UBLExtensions)</ds:XPath></ds:Transform>',
    '<ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116"><ds:XPath>not(//ancestor-or-self::cac:Signature)</ds:XPath></ds:Transform>',
    '<ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116"><ds:XPath>not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID=\'QR\'])</ds:XPath></ds:Transform>',
    `<ds:Transform Algorithm="${C14N11}"/></ds:Transforms><ds:DigestMethod Algorithm="${SHA256}"/><ds:DigestValue>${hash}</ds:DigestValue></ds:Reference>`,
    `<ds:Reference Type="http://www.w3.org/2000/09/xmldsig#SignatureProperties" URI="#xadesSignedProperties"><ds:DigestMethod Algorithm="${SHA256}"/><ds:DigestValue>${propertiesDigest}</ds:DigestValue></ds:Reference>`,
    `</ds:SignedInfo><ds:SignatureValue>${signature}</ds:SignatureValue><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${body}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>`,
    `<ds:Object><xades:QualifyingProperties xmlns:xades="${XADES}" Target="signature">${properties.replace(` xmlns:xades="${XADES}" xmlns:ds="${DS}"`, '')}</xades:QualifyingProperties></ds:Object>`,
    '</ds:Signature></sac:SignatureInformation></sig:UBLDocumentSignatures></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>',
  ].join('');
  const qrReference = `<cac:AdditionalDocumentReference><cbc:ID>QR</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${qr}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>`;
  const xml = unsignedXml.replace(MARK.extensions, extensions).replace(MARK.qr, qrReference);
  return { xml, hash, qr };
}
