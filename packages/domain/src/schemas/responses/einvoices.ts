import { z } from 'zod';
import {
  type EinvoiceSnapshot,
  einvoiceKinds,
  einvoiceScopes,
  einvoiceStatuses,
  paymentMeansCodes,
} from '../../einvoice';
import { units } from '../../units';
import { vatCategories } from '../../vat-categories';
import { dateTimeOut, idOut, listOf, moneyOut, nationalAddressOut, recordStamps } from './common';

const zatcaMessageOut = z.looseObject({
  type: z.string(),
  code: z.string(),
  category: z.string().optional(),
  message: z.string(),
});

const einvoicePartyOut = z.object({
  name: z.string(),
  vatNumber: z.string(),
  crNumber: z.string(),
  address: nationalAddressOut.nullable(),
});

/** Everything a document says, frozen at issue: the domain's `EinvoiceSnapshot`, which it must match. */
export const einvoiceSnapshotOut = z
  .object({
    kind: z.enum(einvoiceKinds),
    scope: z.enum(einvoiceScopes),
    number: z.string(),
    uuid: z.string(),
    issuedAt: dateTimeOut,
    seller: einvoicePartyOut,
    buyer: einvoicePartyOut,
    lines: z.array(
      z.object({
        name: z.string(),
        quantity: z.number(),
        unitPrice: moneyOut,
        lineTotal: moneyOut,
        /** Absent on documents issued before units and categories: a piece, standard-rated. */
        unit: z.enum(units).optional(),
        vatCategory: z.enum(vatCategories).optional(),
        vatExemptionCode: z.string().optional(),
        vatExemptionReason: z.string().optional(),
      }),
    ),
    subtotal: moneyOut,
    discount: moneyOut,
    net: moneyOut,
    vatRate: z.number(),
    vatAmount: moneyOut,
    total: moneyOut,
    billingReference: z.object({ number: z.string(), uuid: z.string(), issuedAt: dateTimeOut }).nullable(),
    reason: z.string(),
    order: z.object({ _id: idOut, number: z.number().int() }),
    /** UNTDID 4461 (10 cash, 30 credit, 42 bank account, 48 bank card, 1 not defined); absent on older documents (10). */
    paymentMeansCode: z.enum(Object.values(paymentMeansCodes)).optional(),
    /** YYYY-MM-DD: when the work was done; absent on older documents (their issue day). */
    supplyDate: z.string().optional(),
    phase: z.union([z.literal(1), z.literal(2)]),
  })
  .meta({ id: 'EinvoiceSnapshot' }) satisfies z.ZodType<EinvoiceSnapshot>;

/** A row of `GET /api/invoice`: an issued tax invoice, credit note or debit note. */
export const einvoiceRowOut = z
  .object({
    _id: idOut,
    kind: z.enum(einvoiceKinds),
    scope: z.enum(einvoiceScopes),
    phase: z.number().int(),
    number: z.string(),
    status: z.enum(einvoiceStatuses),
    issuedAt: dateTimeOut,
    total: moneyOut,
    vatAmount: moneyOut,
    buyerName: z.string(),
    orderNumber: z.number().int(),
    order: idOut,
    customer: idOut,
    corrects: idOut.nullable(),
    reason: z.string(),
  })
  .meta({ id: 'EinvoiceRow' });
export type EinvoiceRow = z.output<typeof einvoiceRowOut>;

export const einvoiceListOut = listOf(einvoiceRowOut, {
  /** Over the list's filters; credit notes count negative. */
  totals: z.object({ total: moneyOut, vatAmount: moneyOut, count: z.number().int() }),
});
export type EinvoiceList = z.output<typeof einvoiceListOut>;

/** `GET /api/invoice/:id`: the frozen document (its snapshot is the one source of its drawing), its notes. */
export const einvoiceDetailsOut = einvoiceRowOut
  .extend({
    seq: z.number().int(),
    uuid: z.string(),
    payment: idOut.nullable(),
    snapshot: einvoiceSnapshotOut,
    issuedBy: idOut.nullable(),
    previousHash: z.string().nullable(),
    hash: z.string().nullable(),
    qr: z.string().nullable(),
    zatcaMessages: z.array(zatcaMessageOut),
    submittedAt: dateTimeOut.nullable(),
    customerNotifiedAt: dateTimeOut.nullable(),
    ...recordStamps,
    /** Phase 2: the invoice counter value; phase 1: null. */
    icv: z.number().int().nullable(),
    statusLabel: z.string(),
    notes: z.array(
      z.object({
        _id: idOut,
        kind: z.enum(einvoiceKinds),
        number: z.string(),
        total: moneyOut,
        issuedAt: dateTimeOut,
        status: z.enum(einvoiceStatuses),
      }),
    ),
    /** What a credit note may still take from this invoice. */
    creditable: moneyOut,
    /** Nets of its zero-rated, exempt and out-of-scope parts (the VAT return's rows). */
    zeroRated: moneyOut,
    exempt: moneyOut,
    outOfScope: moneyOut,
  })
  .meta({ id: 'EinvoiceDetails' });
export type EinvoiceDetails = z.output<typeof einvoiceDetailsOut>;

/** `GET /api/einvoicing`: the connection to ZATCA for the settings screen. */
export const einvoicingStateOut = z.object({
  environment: z.enum(['developer-portal', 'simulation', 'core']),
  connected: z.boolean(),
  credential: z
    .object({
      kind: z.string(),
      environment: z.string(),
      serialNumber: z.string(),
      issuer: z.string(),
      notAfter: dateTimeOut,
      daysLeft: z.number().int(),
    })
    .nullable(),
  seller: z.object({ ready: z.boolean(), fieldErrors: z.record(z.string(), z.string()) }),
  publicUrl: z.boolean(),
  attention: z.object({ rejected: z.number().int(), overdue: z.number().int() }),
});
export type EinvoicingState = z.output<typeof einvoicingStateOut>;

/** `POST /api/einvoicing/onboard|renew`: the stored credential. */
export const einvoicingCredentialOut = z.object({
  credential: z.object({
    _id: idOut,
    environment: z.string(),
    expiresAt: dateTimeOut.nullable(),
    serialNumber: z.string(),
    issuer: z.string(),
  }),
});

const attentionDocumentOut = z.object({
  _id: idOut,
  kind: z.enum(einvoiceKinds),
  scope: z.enum(einvoiceScopes),
  number: z.string(),
  status: z.enum(einvoiceStatuses),
  issuedAt: dateTimeOut,
  total: moneyOut,
  buyerName: z.string(),
  orderNumber: z.number().int(),
  zatcaMessages: z.array(zatcaMessageOut).optional(),
});
export type AttentionDocument = z.output<typeof attentionDocumentOut>;
/** `GET /api/einvoicing/attention`: rejected documents and simplified ones unreported for 20 hours. */
export const einvoicingAttentionOut = z.object({
  rejected: z.array(attentionDocumentOut),
  overdue: z.array(attentionDocumentOut),
});
export type EinvoicingAttention = z.output<typeof einvoicingAttentionOut>;
