import type {
  OrderPick,
  PaidInvoice,
  Payment,
  PaymentDetails,
  PaymentMethodOption,
  PaymentOrderSummary,
  PaymentStatus,
  PaymentTotals,
  paymentBody,
} from '@idara/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { downloadFile } from '../../components/export/export-store';
import { api, type RequestOptions } from '../../lib/api';
import { isApiError } from '../../lib/api-error';
import type { Query } from '../../lib/api-routes';
import { useRecordById } from '../../lib/record-query';

/** Payments and invoices (docs/API.md "Payments and invoices"). Money is always a decimal string. */
export const PAYMENT_PATH = '/api/payment';
export const PAYMENT_BASE = '/dashboard/payment';
export const ORDER_PATH = '/api/order';
/** Orders as a payment's picker needs them (GET /api/lookup/orders), for any payment recorder. */
export const ORDER_LOOKUP_PATH = '/api/lookup/orders';
export const PAYMENT_METHOD_PATH = '/api/paymentMethod';
export const PAYMENT_METHOD_LOOKUP_PATH = '/api/lookup/paymentMethods';

export const invoicePath = (id: string) => `${PAYMENT_BASE}/${id}`;
export const orderPath = (id: string) => `/dashboard/order/${id}`;
export const newPaymentPath = (orderId?: string) =>
  orderId ? `${PAYMENT_BASE}/new?order=${encodeURIComponent(orderId)}` : `${PAYMENT_BASE}/new`;

/** A row of `GET /api/payment`. */
/** The tax invoice a payment pays: its order's issued invoice (a pre-phase-2 payment: its own). */
/** `GET /api/payment/:id`: the payment with its order summary, the allowed moves and the invoice. */
export type { PaidInvoice, Payment, PaymentDetails, PaymentOrderSummary, PaymentTotals };

/** The order's id whether the API sent the summary object or the bare id. */
export function orderIdOf(p: { order: PaymentOrderSummary | string }): string {
  return typeof p.order === 'string' ? p.order : p.order._id;
}

/** A row of `GET /api/order` (only what the payment screens use). */
export type OrderRow = OrderPick;

export type PaymentMethodRow = PaymentMethodOption;

export const paymentKey = (id: string) => [PAYMENT_PATH, 'detail', id] as const;

export function usePayment(id: string | undefined) {
  return useRecordById(
    paymentKey,
    id,
    (id, signal) => api(`${PAYMENT_PATH}/${id}`, { signal, stopAlert: true }),
    {
      retry: false,
    },
  );
}

/** A page of payments for a filter (an order's, a customer's); a literal `fields` types its rows. */
export function usePaymentList<const Q extends Query>(params: Q, enabled = true) {
  return useQuery({
    queryKey: [PAYMENT_PATH, 'list', params],
    queryFn: ({ signal }) => api(PAYMENT_PATH, { query: params, signal }),
    enabled,
  });
}

export function useOrder(id: string | null | undefined) {
  return useQuery({
    queryKey: [ORDER_PATH, 'detail', id],
    // The lookup answers whoever may record a payment, with what the form shows of the order.
    queryFn: ({ signal }) => api(`${ORDER_LOOKUP_PATH}/${id}`, { signal, stopAlert: true }),
    enabled: Boolean(id),
    retry: false,
  });
}

/** After a payment changes: its lists, its details and the orders (paid/balance) are stale. */
export function refreshAfterPaymentChange(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: [PAYMENT_PATH] });
  void queryClient.invalidateQueries({ queryKey: [ORDER_PATH] });
  void queryClient.invalidateQueries({ queryKey: ['/api/activity'] });
  void queryClient.invalidateQueries({ queryKey: ['/api/dashboard'] });
}

/** The body a payment is sent with: what the domain's `paymentBody` gives the form's values. */
export type PaymentBodyOut = z.output<typeof paymentBody>;

export type SaveResult =
  | { ok: true; payment: Payment }
  | { ok: false; overpay: true; balance: string | null; message: string };

/**
 * POST (or PUT while pending) a payment. The API client keeps only the standard error fields, so
 * this request reads the body itself: 409 `{code: 'overpay', balance}` comes back as a result the
 * form asks about; every other failure is thrown as the usual ApiError (no toast: the form shows it).
 */
export async function savePayment(
  body: PaymentBodyOut,
  id?: string,
  request: RequestOptions = {},
): Promise<SaveResult> {
  try {
    const payment = await api(id ? `${PAYMENT_PATH}/${id}` : PAYMENT_PATH, {
      ...request,
      method: id ? 'PUT' : 'POST',
      body,
      stopAlert: true,
      retry: 0, // never send a payment twice
    });
    return { ok: true, payment };
  } catch (error) {
    // More than the balance: the screen asks before resending with allowOverpay.
    if (isApiError(error) && error.status === 409 && error.body.code === 'overpay') {
      const balance = error.body.balance;
      return {
        ok: false,
        overpay: true,
        balance: balance === undefined || balance === null ? null : String(balance),
        message: error.message,
      };
    }
    throw error;
  }
}

/** `POST /api/payment/:id/status {status, reason?}`. */
export function changePaymentStatus(
  id: string,
  status: PaymentStatus,
  reason?: string,
  overrideReason?: string,
) {
  return api(`${PAYMENT_PATH}/${id}/status`, {
    method: 'POST',
    body: {
      status,
      ...(reason === undefined ? {} : { reason }),
      ...(overrideReason ? { overrideReason } : {}),
    },
  });
}

/**
 * Downloads the invoice PDF with the bearer token and saves it under the Arabic name the server
 * gives in Content-Disposition.
 */
export function downloadInvoicePdf(id: string, fallbackName: string): Promise<void> {
  return downloadFile(`${PAYMENT_PATH}/${id}/pdf`, 'application/pdf', fallbackName);
}
