import { useNavigate } from 'react-router';
import { can, useAuth } from '../../lib/auth';
import { type DataTableColumn, rowActionsColumn } from './DataTable';
import { useDeleteRecord } from './use-delete';
import { type UseListQueryOptions, useListQuery } from './use-list-query';
import { type ListStateDefaults, useListState } from './use-list-state';

type Row = { _id: string };

/**
 * What every record list page starts with: list state in the URL, the query, the delete action,
 * and the `<area>:update|delete|details` permissions of the signed-in user. With `base` (the
 * records' page path) it also gives the row actions column and the row click of a record that has
 * a details page at `<base>/<id>` and an edit page at `<base>/edit/<id>`, each only with its permission.
 */
export function useRecordList<T extends Row, Extra extends object = Record<never, never>>(
  api: string,
  area: string,
  defaults: ListStateDefaults = { sort: 'name' },
  options: UseListQueryOptions & { base?: string } = {},
) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const state = useListState(defaults);
  const query = useListQuery<T, Extra>(api, state, options);
  const remove = useDeleteRecord(api);
  const canEdit = can(user, [`${area}:update`]);
  const canDelete = can(user, [`${area}:delete`]);
  const canView = can(user, [`${area}:details`]);
  const { base } = options;
  const openRow = base && canView ? (r: T) => navigate(`${base}/${r._id}`) : undefined;
  const rowActions = (): DataTableColumn<T> =>
    rowActionsColumn<T>({
      onView: openRow,
      onEdit: base && canEdit ? (r) => navigate(`${base}/edit/${r._id}`) : undefined,
      onDelete: canDelete ? remove : undefined,
    });
  /** `<ListPage>`'s list: where it is asked, its state in the URL and the query. */
  const listProps = { resourcePath: api, state, query };
  /** `<ListPage>`'s wiring for such a record: its list, add at `<base>/new`, bulk delete, row click. */
  const pageProps = {
    ...listProps,
    createTo: base && `${base}/new`,
    createPermission: `${area}:create`,
    deletePermission: `${area}:delete`,
    onRowClick: openRow,
  };
  return {
    navigate,
    state,
    query,
    remove,
    canEdit,
    canDelete,
    canView,
    openRow,
    rowActions,
    listProps,
    pageProps,
  };
}
