import { arabicPlural, type ContractOption, MONTHS, VISITS } from '@idara/domain';
import type { LookupName } from '../../app/resource';
import {
  type Lookup,
  useCityLookup,
  useContractLookup,
  useGovernmentLookup,
  useUserLookup,
} from '../../lib/lookups';
import { formatMoney } from '../data-table';

type Named = { _id: string; name: string };
type LookupQuery = { data?: Lookup<Named>; isPending: boolean };

/**
 * The reference data a resource may name, each read whole through `/api/lookup` (`lib/lookups.ts`:
 * asked only by those its route admits): regions, cities, contract types, employees.
 */
const lookups: Record<LookupName, () => LookupQuery> = {
  governments: useGovernmentLookup,
  cities: useCityLookup,
  contracts: useContractLookup,
  users: useUserLookup,
};

/** What a chosen row says under its picker: a contract type's term, visits and price. */
export const lookupDescriptions: Partial<Record<LookupName, (row: Named) => string>> = {
  contracts: (row) => {
    const type = row as ContractOption;
    return `${arabicPlural(type.durationMonths, MONTHS)} · ${arabicPlural(type.visits, VISITS)} · ${formatMoney(type.price)}`;
  },
};

/**
 * The lookups a screen's columns, filters or fields name, always in the same order (so the hooks
 * run in the same order on every render).
 */
export function useNamedLookups(names: LookupName[]) {
  const result: Partial<Record<LookupName, LookupQuery>> = {};
  for (const name of [...new Set(names)].sort()) result[name] = lookups[name]();
  return result;
}
export type NamedLookups = ReturnType<typeof useNamedLookups>;
