import { useNavigate } from 'react-router';
import { can, useAuth } from '../../lib/auth';
import { useDeleteRecord } from './use-delete';
import { useListQuery } from './use-list-query';
import { type ListStateDefaults, useListState } from './use-list-state';

type Row = { _id: string };

/**
 * What every record list page starts with: list state in the URL, the query, the delete action,
 * and the `<area>:update|delete|details` permissions of the signed-in user.
 */
export function useRecordList<T extends Row>(
  api: string,
  area: string,
  defaults: ListStateDefaults = { sort: 'name' },
) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const state = useListState(defaults);
  const query = useListQuery<T>(api, state);
  const remove = useDeleteRecord(api);
  return {
    navigate,
    state,
    query,
    remove,
    canEdit: can(user, [`${area}:update`]),
    canDelete: can(user, [`${area}:delete`]),
    canView: can(user, [`${area}:details`]),
  };
}
