import {
  type EinvoiceParty,
  type EinvoiceSnapshot,
  einvoiceScopeNameCodes,
  einvoiceTaxGroups,
  einvoiceTypeCodes,
  exemptionTextOf,
  fromHalalas,
  type LineTax,
  lineTaxOf,
  lineVatShares,
  riyadhDayOf,
  riyadhParts,
  toHalalas,
  unitInfo,
  unitOf,
  vatRateOf,
} from '@idara/domain';

/**
 * The UBL 2.1 invoice ZATCA's XML Implementation Standard describes, for invoices (388), credit
 * notes (381) and debit notes (383), standard and simplified. Elements are written in the schema's
 * order; the stamp's parts (signature block, QR, signature reference) are left as markers that
 * stamp.ts fills after hashing, since the hash leaves them out.
 */

export const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
};
export const MARK = { extensions: '<!--idara:ubl-extensions-->', qr: '<!--idara:qr-->' };

const xmlText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const amount = (tag: string, value: string) => `<cbc:${tag} currencyID="SAR">${value}</cbc:${tag}>`;
const percent = (rate: number) => rate.toFixed(2);

/** Riyadh's wall clock (UTC+3 all year): UBL's IssueDate and IssueTime, and QR tag 3. */
export function riyadhDateTime(iso: string) {
  const p = riyadhParts(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: riyadhDayOf(iso), time: `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}` };
}

/**
 * A TaxCategory: the category and its rate; in a VAT breakdown (`withReason`) a Z, E or O category
 * also says why, with ZATCA's code and text (BR-KSA-23, 24, 69, 83).
 */
function taxCategory(tax: LineTax, rate: number, { withReason = false, element = 'TaxCategory' } = {}) {
  const scheme = element === 'TaxCategory' ? ' schemeID="UN/ECE 5305" schemeAgencyID="6"' : '';
  const taxScheme = element === 'TaxCategory' ? ' schemeID="UN/ECE 5153" schemeAgencyID="6"' : '';
  const reason =
    withReason && tax.vatCategory !== 'S'
      ? `<cbc:TaxExemptionReasonCode>${xmlText(tax.vatExemptionCode)}</cbc:TaxExemptionReasonCode><cbc:TaxExemptionReason>${xmlText(exemptionTextOf(tax))}</cbc:TaxExemptionReason>`
      : '';
  return `<cac:${element}><cbc:ID${scheme}>${tax.vatCategory}</cbc:ID><cbc:Percent>${percent(rate)}</cbc:Percent>${reason}<cac:TaxScheme><cbc:ID${taxScheme}>VAT</cbc:ID></cac:TaxScheme></cac:${element}>`;
}

function postalAddress(party: EinvoiceParty) {
  const a = party.address;
  if (!a) return '';
  return [
    '<cac:PostalAddress>',
    `<cbc:StreetName>${xmlText(a.street)}</cbc:StreetName>`,
    `<cbc:BuildingNumber>${xmlText(a.buildingNumber)}</cbc:BuildingNumber>`,
    a.additionalNumber
      ? `<cbc:PlotIdentification>${xmlText(a.additionalNumber)}</cbc:PlotIdentification>`
      : '',
    `<cbc:CitySubdivisionName>${xmlText(a.district)}</cbc:CitySubdivisionName>`,
    `<cbc:CityName>${xmlText(a.city)}</cbc:CityName>`,
    `<cbc:PostalZone>${xmlText(a.postalCode)}</cbc:PostalZone>`,
    '<cac:Country><cbc:IdentificationCode>SA</cbc:IdentificationCode></cac:Country>',
    '</cac:PostalAddress>',
  ].join('');
}

function partyTaxScheme(vatNumber: string) {
  if (!vatNumber) return '';
  return `<cac:PartyTaxScheme><cbc:CompanyID>${xmlText(vatNumber)}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`;
}

function seller(s: EinvoiceParty) {
  return [
    '<cac:AccountingSupplierParty><cac:Party>',
    s.crNumber
      ? `<cac:PartyIdentification><cbc:ID schemeID="CRN">${xmlText(s.crNumber)}</cbc:ID></cac:PartyIdentification>`
      : '',
    postalAddress(s),
    partyTaxScheme(s.vatNumber),
    `<cac:PartyLegalEntity><cbc:RegistrationName>${xmlText(s.name)}</cbc:RegistrationName></cac:PartyLegalEntity>`,
    '</cac:Party></cac:AccountingSupplierParty>',
  ].join('');
}

function buyer(snapshot: EinvoiceSnapshot) {
  const b = snapshot.buyer;
  const standard = snapshot.scope === 'standard';
  return [
    '<cac:AccountingCustomerParty><cac:Party>',
    standard ? postalAddress(b) : '',
    standard ? partyTaxScheme(b.vatNumber) : '',
    b.name
      ? `<cac:PartyLegalEntity><cbc:RegistrationName>${xmlText(b.name)}</cbc:RegistrationName></cac:PartyLegalEntity>`
      : '',
    '</cac:Party></cac:AccountingCustomerParty>',
  ].join('');
}

function lines(snapshot: EinvoiceSnapshot) {
  const vats = lineVatsOf(snapshot);
  return snapshot.lines
    .map((line, i) => {
      const net = toHalalas(line.lineTotal);
      const vat = vats[i];
      const tax = lineTaxOf(line);
      return [
        '<cac:InvoiceLine>',
        `<cbc:ID>${i + 1}</cbc:ID>`,
        `<cbc:InvoicedQuantity unitCode="${unitInfo[unitOf(line.unit)].code}">${line.quantity.toFixed(6)}</cbc:InvoicedQuantity>`,
        amount('LineExtensionAmount', line.lineTotal),
        `<cac:TaxTotal>${amount('TaxAmount', fromHalalas(vat))}${amount('RoundingAmount', fromHalalas(net + vat))}</cac:TaxTotal>`,
        `<cac:Item><cbc:Name>${xmlText(line.name)}</cbc:Name>${taxCategory(tax, vatRateOf(tax.vatCategory, snapshot.vatRate), { element: 'ClassifiedTaxCategory' })}</cac:Item>`,
        `<cac:Price>${amount('PriceAmount', line.unitPrice)}</cac:Price>`,
        '</cac:InvoiceLine>',
      ].join('');
    })
    .join('');
}

/**
 * Each line's VAT (KSA-11): each VAT category's VAT shared over its lines by `lineVatShares`, so the
 * lines add up to it exactly, with a document discount or without. The printed document shows the same.
 */
export function lineVatsOf(snapshot: EinvoiceSnapshot): number[] {
  const vats = snapshot.lines.map(() => 0);
  for (const group of einvoiceTaxGroups(snapshot)) {
    const shares = lineVatShares(
      group.lines.map((i) => toHalalas(snapshot.lines[i].lineTotal)),
      group.vat,
    );
    group.lines.forEach((line, k) => {
      vats[line] = shares[k];
    });
  }
  return vats;
}

/** The document's allowances (a discount's share per category) and its VAT breakdown. */
function taxParts(snapshot: EinvoiceSnapshot) {
  const groups = einvoiceTaxGroups(snapshot);
  const allowances = groups
    .filter((g) => g.discount > 0)
    .map(
      (g) =>
        `<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReason>discount</cbc:AllowanceChargeReason>${amount('Amount', fromHalalas(g.discount))}${taxCategory(g, g.rate)}</cac:AllowanceCharge>`,
    )
    .join('');
  const subtotals = groups
    .map(
      (g) =>
        `<cac:TaxSubtotal>${amount('TaxableAmount', fromHalalas(g.taxable))}${amount('TaxAmount', fromHalalas(g.vat))}${taxCategory(g, g.rate, { withReason: true })}</cac:TaxSubtotal>`,
    )
    .join('');
  return { allowances, subtotals };
}

/** The document as UBL text, with markers where the stamp goes. */
export function ublInvoice(snapshot: EinvoiceSnapshot, chain: { icv: number; previousHash: string }) {
  const issued = riyadhDateTime(snapshot.issuedAt);
  const note = snapshot.kind !== 'invoice';
  const { allowances, subtotals } = taxParts(snapshot);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<Invoice xmlns="${NS.invoice}" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}" xmlns:ext="${NS.ext}">`,
    MARK.extensions,
    '<cbc:ProfileID>reporting:1.0</cbc:ProfileID>',
    `<cbc:ID>${xmlText(snapshot.number)}</cbc:ID>`,
    `<cbc:UUID>${snapshot.uuid}</cbc:UUID>`,
    `<cbc:IssueDate>${issued.date}</cbc:IssueDate>`,
    `<cbc:IssueTime>${issued.time}</cbc:IssueTime>`,
    `<cbc:InvoiceTypeCode name="${einvoiceScopeNameCodes[snapshot.scope]}">${einvoiceTypeCodes[snapshot.kind]}</cbc:InvoiceTypeCode>`,
    '<cbc:DocumentCurrencyCode>SAR</cbc:DocumentCurrencyCode>',
    '<cbc:TaxCurrencyCode>SAR</cbc:TaxCurrencyCode>',
    note && snapshot.billingReference
      ? `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${xmlText(snapshot.billingReference.number)}</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference>`
      : '',
    `<cac:AdditionalDocumentReference><cbc:ID>ICV</cbc:ID><cbc:UUID>${chain.icv}</cbc:UUID></cac:AdditionalDocumentReference>`,
    `<cac:AdditionalDocumentReference><cbc:ID>PIH</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${chain.previousHash}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>`,
    MARK.qr,
    '<cac:Signature><cbc:ID>urn:oasis:names:specification:ubl:signature:Invoice</cbc:ID><cbc:SignatureMethod>urn:oasis:names:specification:ubl:dsig:enveloped:xades</cbc:SignatureMethod></cac:Signature>',
    seller(snapshot.seller),
    buyer(snapshot),
    `<cac:Delivery><cbc:ActualDeliveryDate>${snapshot.supplyDate ?? issued.date}</cbc:ActualDeliveryDate></cac:Delivery>`,
    `<cac:PaymentMeans><cbc:PaymentMeansCode>${snapshot.paymentMeansCode ?? '10'}</cbc:PaymentMeansCode>${note ? `<cbc:InstructionNote>${xmlText(snapshot.reason)}</cbc:InstructionNote>` : ''}</cac:PaymentMeans>`,
    allowances,
    `<cac:TaxTotal>${amount('TaxAmount', snapshot.vatAmount)}</cac:TaxTotal>`,
    `<cac:TaxTotal>${amount('TaxAmount', snapshot.vatAmount)}${subtotals}</cac:TaxTotal>`,
    '<cac:LegalMonetaryTotal>',
    amount('LineExtensionAmount', snapshot.subtotal),
    amount('TaxExclusiveAmount', snapshot.net),
    amount('TaxInclusiveAmount', snapshot.total),
    amount('AllowanceTotalAmount', snapshot.discount),
    amount('PrepaidAmount', '0.00'),
    amount('PayableAmount', snapshot.total),
    '</cac:LegalMonetaryTotal>',
    lines(snapshot),
    '</Invoice>',
  ].join('');
}
