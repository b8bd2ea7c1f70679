import type { Government } from '@idara/domain';
import type { LookupName } from '../../app/resource';
import { useCan } from '../../lib/auth';
import { useLookup } from '../data-table';

/** All regions (`GET /api/government?limit=0`), cached: select options and an id → name map. */
function useGovernments() {
  const allowed = useCan('gov:read');
  return useLookup<Pick<Government, '_id' | 'name'>>(
    '/api/government',
    { sort: 'name', fields: '_id,name' },
    { enabled: allowed },
  );
}

/** The reference data a resource may name, each read through its own hook. */
const lookups: Record<LookupName, typeof useGovernments> = { governments: useGovernments };

/**
 * The lookups a screen's columns, filters or fields name, always in the same order (so the hooks
 * run in the same order on every render).
 */
export function useNamedLookups(names: LookupName[]) {
  const result: Partial<Record<LookupName, ReturnType<typeof useGovernments>>> = {};
  for (const name of [...new Set(names)].sort()) result[name] = lookups[name]();
  return result;
}
export type NamedLookups = ReturnType<typeof useNamedLookups>;
