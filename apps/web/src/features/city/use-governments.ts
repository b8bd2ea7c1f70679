import { useLookup } from '../../components/data-table';
import { useCan } from '../../lib/auth';

/** All regions (`GET /api/government?limit=0`), cached: select options and an id → name map. */
export function useGovernments() {
  const allowed = useCan('gov:read');
  return useLookup<{ _id: string; name: string }>(
    '/api/government',
    { sort: 'name', fields: '_id,name' },
    { enabled: allowed },
  );
}
