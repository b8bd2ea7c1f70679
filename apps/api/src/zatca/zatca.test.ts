import { execFileSync } from 'node:child_process';
import { createHash, createPublicKey, verify, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeZatcaQr, FIRST_PREVIOUS_HASH, zatcaQrTags } from '@idara/domain';
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { sampleSnapshot } from '../test/einvoice-samples';
import { createCsr, createLocalTestCertificate, generateKeyPair, readCertificate, signEinvoice } from '.';

/**
 * The stamp checked by parts that did not make it: libxml2's C14N 1.1 (xmllint) for the hash,
 * node:crypto's X509Certificate for the key, openssl for the CSR and certificate.
 */

const keys = generateKeyPair();
const certificatePem = createLocalTestCertificate(keys.privateKeyPem, {
  commonName: 'EGS1-Idara',
  vatNumber: '399999999900003',
  organizationName: 'شركة إدارة للخدمات',
});
const credential = { privateKeyPem: keys.privateKeyPem, certificatePem };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-zatca-test-'));

const text = (xml: string, tag: string) => new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`).exec(xml)?.[1];

/** The invoice hash as libxml2 computes it: the stamp's parts removed with XPath, then C14N 1.1. */
function hashByXmllint(xml: string) {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.xml`);
  const stripped = xml
    .replace(/<ext:UBLExtensions>[\s\S]*<\/ext:UBLExtensions>/, '')
    .replace(/<cac:Signature>[\s\S]*?<\/cac:Signature>/, '')
    .replace(
      /<cac:AdditionalDocumentReference><cbc:ID>QR<\/cbc:ID>[\s\S]*?<\/cac:AdditionalDocumentReference>/,
      '',
    );
  fs.writeFileSync(file, stripped);
  const canonical = execFileSync('xmllint', ['--c14n11', file]);
  return createHash('sha256').update(canonical).digest('base64');
}

/**
 * The XAdES signed-properties digest as libxml2 computes it: exclusive C14N of the element with
 * ZATCA's one quirk (the empty ds:DigestMethod stays self-closed), SHA-256 as lowercase hex, base64.
 */
function signedPropertiesDigestByXmllint(xml: string) {
  const element = /<xades:SignedProperties[\s\S]*<\/xades:SignedProperties>/.exec(xml)?.[0] ?? '';
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.xml`);
  fs.writeFileSync(
    file,
    element.replace(
      '<xades:SignedProperties',
      '<xades:SignedProperties xmlns:xades="http://uri.etsi.org/01903/v1.3.2#" xmlns:ds="http://www.w3.org/2000/09/xmldsig#"',
    ),
  );
  const canonical = execFileSync('xmllint', ['--exc-c14n', file])
    .toString('utf8')
    .replace(/<(ds:DigestMethod)([^>]*)><\/ds:DigestMethod>/g, '<$1$2/>');
  return hexDigest64(canonical);
}
const hexDigest64 = (text: string) =>
  Buffer.from(createHash('sha256').update(text, 'utf8').digest('hex')).toString('base64');

describe('signed e-invoice XML', () => {
  for (const scope of ['simplified', 'standard'] as const) {
    for (const kind of ['invoice', 'credit', 'debit'] as const) {
      it(`${scope} ${kind}: the snapshot's figures, chain, hash, signature and QR, each checked independently`, () => {
        const snapshot = sampleSnapshot(kind, scope, 7);
        const previousHash = FIRST_PREVIOUS_HASH;
        const signed = signEinvoice(snapshot, { icv: 7, previousHash }, credential);
        const { xml } = signed;
        expect(new DOMParser().parseFromString(xml, 'text/xml').documentElement?.localName).toBe('Invoice');
        expect(text(xml, 'cbc:InvoiceTypeCode')).toBe({ invoice: '388', credit: '381', debit: '383' }[kind]);
        expect(xml).toContain(`name="${scope === 'standard' ? '0100000' : '0200000'}"`);
        expect(text(xml, 'cbc:TaxInclusiveAmount')).toBe(snapshot.total);
        expect(xml).toContain(`<cbc:ID>ICV</cbc:ID><cbc:UUID>7</cbc:UUID>`);
        expect(xml).toContain(previousHash);
        if (kind !== 'invoice') {
          expect(text(xml, 'cbc:InstructionNote')).toBe(snapshot.reason);
          expect(xml).toContain(`<cac:InvoiceDocumentReference><cbc:ID>INV-000001</cbc:ID>`);
        }

        // The hash, by libxml2 rather than by our canonicalizer.
        expect(hashByXmllint(xml)).toBe(signed.hash);
        expect(text(xml, 'ds:DigestValue')).toBe(signed.hash);

        // The XAdES digests, as ZATCA's SDK computes them (checked by libxml2's exclusive C14N).
        const digests = [...xml.matchAll(/<ds:DigestValue>([^<]*)<\/ds:DigestValue>/g)].map((m) => m[1]);
        expect(digests[1]).toBe(signedPropertiesDigestByXmllint(xml));
        expect(digests[2]).toBe(hexDigest64(text(xml, 'ds:X509Certificate')!));

        // The signature, with the public key as node:crypto reads it from the embedded certificate.
        const cert = new X509Certificate(Buffer.from(text(xml, 'ds:X509Certificate')!, 'base64'));
        const signature = text(xml, 'ds:SignatureValue')!;
        expect(
          verify(
            'sha256',
            Buffer.from(signed.hash, 'base64'),
            cert.publicKey,
            Buffer.from(signature, 'base64'),
          ),
        ).toBe(true);

        // The QR: tags 1–5 as the XML says, 6–8 the stamp, 9 on simplified documents only.
        expect(xml).toContain(
          `<cbc:ID>QR</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${signed.qr}<`,
        );
        const qr = decodeZatcaQr(signed.qr);
        expect(qr).toMatchObject({
          sellerName: snapshot.seller.name,
          vatNumber: '399999999900003',
          total: snapshot.total,
          vat: snapshot.vatAmount,
        });
        expect(qr.timestamp).toBe(`${text(xml, 'cbc:IssueDate')}T${text(xml, 'cbc:IssueTime')}`);
        const tags = zatcaQrTags(signed.qr);
        expect(Buffer.from(tags.get(6)!).toString()).toBe(signed.hash);
        expect(Buffer.from(tags.get(7)!).toString()).toBe(signature);
        expect(Buffer.from(tags.get(8)!).equals(cert.publicKey.export({ type: 'spki', format: 'der' }))).toBe(
          true,
        );
        expect(tags.has(9)).toBe(scope === 'simplified');
      });
    }
  }

  it('chains: a document carries the previous one’s hash, and any edit after signing breaks its hash', () => {
    const first = signEinvoice(
      sampleSnapshot('invoice', 'simplified', 1),
      { icv: 1, previousHash: FIRST_PREVIOUS_HASH },
      credential,
    );
    const second = signEinvoice(
      sampleSnapshot('invoice', 'simplified', 2),
      { icv: 2, previousHash: first.hash },
      credential,
    );
    expect(second.xml).toContain(`>${first.hash}</cbc:EmbeddedDocumentBinaryObject>`);
    const tampered = first.xml.replace(
      /<cbc:PayableAmount currencyID="SAR">[^<]+/,
      '<cbc:PayableAmount currencyID="SAR">1.00',
    );
    expect(hashByXmllint(tampered)).not.toBe(first.hash);
  });

  it('escapes text: a name with markup stays text', () => {
    const snapshot = sampleSnapshot('invoice', 'simplified', 3);
    snapshot.lines[0].name = 'صيانة <b>"عاجلة"</b> & فحص';
    const { xml, hash } = signEinvoice(snapshot, { icv: 3, previousHash: FIRST_PREVIOUS_HASH }, credential);
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    expect(doc.getElementsByTagName('cbc:Name')[0].textContent).toBe(snapshot.lines[0].name);
    expect(hashByXmllint(xml)).toBe(hash);
  });
});

describe('EGS keys, CSR and certificates', () => {
  it('the CSR carries ZATCA’s template and EGS details and verifies with openssl', () => {
    const csr = createCsr(
      {
        commonName: 'EGS1-Idara',
        vatNumber: '399999999900003',
        organizationName: 'شركة إدارة للخدمات',
        organizationUnit: 'الرياض',
        egsSerialNumber: '1-Idara|2-1.0|3-8d5c2a0e-1b7f-4c1a-9e0b-2f1d6f0a9b11',
        invoiceTypes: '1100',
        location: 'الرياض',
        industry: 'Services',
        environment: 'simulation',
      },
      keys.privateKeyPem,
    );
    const file = path.join(tmp, 'csr.pem');
    fs.writeFileSync(file, Buffer.from(csr, 'base64'));
    const textOut = execFileSync('openssl', ['req', '-in', file, '-noout', '-text', '-verify'], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
    expect(textOut).toContain('PREZATCA-Code-Signing');
    expect(textOut).toContain('UID=399999999900003');
    expect(textOut).toContain('title=1100');
    expect(textOut).toContain('secp256k1');
    expect(textOut).toMatch(/SN=1-Idara\|2-1\.0\|3-8d5c2a0e/);
  });

  it('the local test certificate is a valid secp256k1 certificate for the key, and reads back', () => {
    const info = readCertificate(certificatePem);
    const cert = new X509Certificate(certificatePem);
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.publicKey.export({ type: 'spki', format: 'pem' })).toBe(
      createPublicKey(keys.privateKeyPem).export({ type: 'spki', format: 'pem' }),
    );
    expect(info.issuer).toMatch(/^CN=EGS1-Idara, O=شركة إدارة للخدمات/);
    expect(info.notAfter.getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    expect(BigInt(info.serialNumber)).toBe(BigInt(`0x${cert.serialNumber}`));
  });

  it('every certificate made is valid DER (serial numbers never start with a zero byte)', () => {
    // Before, about 1 in 250 random serials was encoded with a leading zero and Node refused the certificate.
    for (let i = 0; i < 600; i++) {
      const k = generateKeyPair();
      const pem = createLocalTestCertificate(k.privateKeyPem, {
        commonName: 'x',
        vatNumber: '300000000000003',
        organizationName: 'y',
      });
      expect(() => readCertificate(pem)).not.toThrow();
    }
  });
});
