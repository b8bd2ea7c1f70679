import type { City, Customer, customerTypes, Government } from '@idara/domain';
import { api } from '../../lib/api';
import { useCityLookup, useGovernmentLookup } from '../../lib/lookups';
import { useRecordById } from '../../lib/record-query';

export type CustomerType = (typeof customerTypes)[number];

export type { City, Customer, Government };

/** Regions: all rows, cached (GET /api/lookup/places, shared with every screen that names places). */
export function useGovernments(enabled = true) {
  return useGovernmentLookup(enabled);
}

/** Cities: all rows with their region, cached. */
export function useCities(enabled = true) {
  return useCityLookup(enabled);
}

/** id → name map of a lookup list. */
export function nameMap(rows: { _id: string; name: string }[] | undefined): Map<string, string> {
  return new Map((rows ?? []).map((r) => [r._id, r.name]));
}

export const CUSTOMER_PATH = '/api/customer';
/** The way back from a customer's pages to the list. */
export const BACK_TO_CUSTOMERS = { backTo: '/dashboard/customer', backLabel: 'العودة إلى العملاء' };

export const customerKey = (id: string) => [CUSTOMER_PATH, 'record', id] as const;

export function useCustomer(id: string | undefined) {
  return useRecordById(customerKey, id, (id) => api(`/api/customer/${id}`, { stopAlert: true }));
}
