/**
 * Shared list machinery. Typical list screen:
 *
 *   const state = useListState({ sort: 'name' });               // page/limit/sort/search/filters in the URL
 *   const query = useListQuery<City>('/api/city', state);       // GET /api/city?page&limit&sort&search&…filters
 *   const remove = useDeleteRecord('/api/city');                // confirm → DELETE → toast → refresh
 *   const columns: DataTableColumn<City>[] = [
 *     { accessorKey: 'name', header: 'الاسم' },                   // accessorKey/id = API sort field
 *     { accessorKey: 'price', header: 'السعر', cell: (c) => <Money value={c.getValue()} /> },
 *     rowActionsColumn({ onEdit: (r) => navigate(`edit/${r._id}`), onDelete: remove }),
 *   ];
 *   <ListPage resourcePath="/api/city" state={state} query={query} columns={columns}
 *     createTo="/dashboard/city/new" createLabel="إضافة مدينة" createPermission="city:create"
 *     deletePermission="city:delete" filters={<Select … value={state.filters.government ?? null}
 *     onChange={(v) => state.setFilter('government', v)} />} onRowClick={(r) => navigate(r._id)} />
 *
 * Filters: any URL param other than page/limit/sort/search is a filter and is sent to the API as is.
 */
export {
  ActiveBadge,
  DateTime,
  Empty,
  formatMoney,
  Money,
  RecordNumber,
  SrOnlyInline,
  StackedDate,
} from './cells';
export {
  dateColumn,
  hashNumberColumn,
  moneyColumn,
  nameColumn,
  numberColumn,
  phoneColumn,
  stackedDateColumn,
  statusColumn,
  textColumn,
} from './columns';
export {
  actionsColumn,
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  rowActionsColumn,
} from './DataTable';
export { FilterSelect } from './FilterSelect';
export { ListDateRangeFilter } from './LazyDateRangeFilter';
export { StatusFilter } from './ListFilters';
export { EXPORT_OPTIONS, EXPORT_WITH_PDF, ListPage, type ListPageProps, ListSearch } from './ListPage';
export { type ListTotal, ListTotals } from './ListTotals';
export { LookupFilter } from './LookupFilter';
export { type PickerPath, type PickerRows, RemoteSelect, type RemoteSelectProps } from './RemoteSelect';
export { RowMenu } from './RowMenu';
export { SelectionBar } from './SelectionBar';
export { TextFilter } from './TextFilter';
export { toolbarField } from './toolbar-field';
export { useBulkDelete, useDeleteRecord } from './use-delete';
export {
  type ListResponse,
  listKey,
  type Row,
  resourceKey,
  type UseListQueryOptions,
  useInvalidateResource,
  useListQuery,
  useLookup,
} from './use-list-query';
export {
  cycleSort,
  formatSort,
  type ListQueryParams,
  type ListState,
  type ListStateDefaults,
  PAGE_SIZES,
  parseSort,
  type SortEntry,
  useListState,
} from './use-list-state';
export { useRecordList } from './use-record-list';
