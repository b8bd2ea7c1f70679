import {
  Alert,
  Box,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconDatabaseOff,
  IconEdit,
  IconEye,
  IconRefresh,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowSelectionState,
  type Table as TanStackTable,
  useReactTable,
} from '@tanstack/react-table';
import {
  type KeyboardEvent,
  type MouseEvent,
  memo,
  type ReactNode,
  type RefObject,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useAfterFirstPaint } from '../../lib/first-page';
import { pagesOf } from '../Pager';
import { SrOnlyInline } from './cells';
import classes from './DataTable.module.css';
import { useBulkDelete } from './use-delete';
import type { ListResponse, Row } from './use-list-query';
import { type ListState, PAGE_SIZES } from './use-list-state';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData, TValue> {
    /** Fixed width of the column (px or CSS). */
    width?: number | string;
    /** Keep the cell on one line. */
    nowrap?: boolean;
  }
}

export type DataTableColumn<T> = ColumnDef<T, any>;

export interface DataTableProps<T extends Row> {
  /** TanStack column defs; a column's `id`/`accessorKey` is the API sort field. `enableSorting: false` to opt out. */
  columns: DataTableColumn<T>[];
  /** The result of `useListQuery`. */
  query: UseQueryResult<ListResponse<T>>;
  state: ListState;
  /** Needed for bulk delete (`POST <resourcePath>/bulk-delete`). */
  resourcePath?: string;
  /** Adds the checkbox column and the bulk-delete bar (needs `resourcePath`). */
  selectable?: boolean;
  /** Row click / Enter on a focused row. */
  onRowClick?: (row: T) => void;
  /** Accessible label of a row (for screen readers), e.g. the record name. */
  rowLabel?: (row: T) => string;
  /** Shown in the empty state when nothing is filtered (e.g. an "add" button). */
  emptyAction?: ReactNode;
  /** Table width below which it scrolls horizontally; 640 by default. */
  minWidth?: number;
  /** Rendered above the table (search, filters, buttons). */
  toolbar?: ReactNode;
}

function SortIcon({ dir }: { dir: 'asc' | 'desc' | false }) {
  if (dir === 'asc') return <IconArrowUp size={14} aria-hidden />;
  if (dir === 'desc') return <IconArrowDown size={14} aria-hidden />;
  return <IconArrowsSort size={14} aria-hidden className={classes.sortIdle} />;
}

/** The one empty selection: clearing an empty selection then changes nothing and renders nothing. */
const noSelection: RowSelectionState = Object.freeze({});

/** A row-selection checkbox: the platform's own, in the theme colour (one per row, built fast). */
function SelectBox({
  label,
  checked,
  indeterminate = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (event: unknown) => void;
}) {
  return (
    <input
      type="checkbox"
      className={classes.selectBox}
      aria-label={label}
      checked={checked}
      ref={(el) => {
        if (el) el.indeterminate = indeterminate && !checked;
      }}
      onChange={onChange}
    />
  );
}

const INTERACTIVE = 'button, a, input, label, select, textarea, [role="checkbox"], [data-no-row-click]';

interface RowHandlers<T> {
  onRowClick?: (row: T) => void;
  rowLabel?: (row: T) => string;
}

interface TableRowsProps<T extends Row> {
  table: TanStackTable<T>;
  /** The row model's inputs: the rows re-render only when one of these changes. */
  data: T[];
  columns: DataTableColumn<T>[];
  selection: RowSelectionState;
  clickable: boolean;
  handlers: RefObject<RowHandlers<T>>;
}

/**
 * The body rows, memoised on the row model's inputs (the deferred data, the columns, the
 * selection): the table's own re-renders — a fetch starting, the selection bar — leave the cells
 * alone. Columns are not deferred: cells may hold controlled inputs bound to the page's state.
 */
const TableRows = memo(function TableRows<T extends Row>({ table, clickable, handlers }: TableRowsProps<T>) {
  const open = (row: T) => handlers.current.onRowClick?.(row);
  const onClick = (e: MouseEvent<HTMLTableRowElement>, row: T) => {
    if ((e.target as HTMLElement).closest(INTERACTIVE)) return;
    open(row);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTableRowElement>, row: T) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open(row);
    }
  };
  return table.getRowModel().rows.map((row) => (
    <Table.Tr
      key={row.id}
      tabIndex={clickable ? 0 : undefined}
      aria-label={handlers.current.rowLabel?.(row.original)}
      className={clickable ? classes.clickable : undefined}
      data-selected={row.getIsSelected() || undefined}
      onClick={clickable ? (e) => onClick(e, row.original) : undefined}
      onKeyDown={clickable ? (e) => onKeyDown(e, row.original) : undefined}
    >
      {row.getVisibleCells().map((cell) => (
        <Table.Td
          key={cell.id}
          style={{
            width: cell.column.columnDef.meta?.width,
            whiteSpace: cell.column.columnDef.meta?.nowrap ? 'nowrap' : undefined,
          }}
        >
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}) as <T extends Row>(props: TableRowsProps<T>) => ReactNode;

/**
 * Server-side table: sorting by header click (asc → desc → none), pagination with page size,
 * striped rows keyed by `_id`, horizontal scroll, skeleton/empty/error states, optional selection
 * with bulk delete, focusable rows (Enter opens).
 */
export function DataTable<T extends Row>({
  columns,
  query,
  state,
  resourcePath,
  selectable = false,
  onRowClick,
  rowLabel,
  emptyAction,
  minWidth = 640,
  toolbar,
}: DataTableProps<T>) {
  const [rowSelection, setRowSelection] = useState<RowSelectionState>(noSelection);
  const bulkDelete = useBulkDelete(resourcePath ?? '');
  const queryKey = JSON.stringify(state.query);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page/filter/sort clears the selection
  useEffect(() => setRowSelection(noSelection), [queryKey]);

  // A new page of rows renders in an interruptible background pass (React yields to the browser
  // every few milliseconds) rather than in the one long task a query update would otherwise take;
  // on the first page of a visit, after the toolbar and skeleton rows have painted.
  const deferredData = useDeferredValue(query.data);
  const data = useAfterFirstPaint() ? deferredData : undefined;
  const rows = data?.data ?? [];
  const total = data?.total ?? 0;
  const pageCount = pagesOf(total, state.limit, data?.totalIsCapped);

  // After deleting the last rows of the last page, step back to a page that exists.
  useEffect(() => {
    if (!query.data || query.isPlaceholderData) return;
    const last = pagesOf(query.data.total, state.limit, query.data.totalIsCapped);
    if (state.page > last) state.setPage(last);
  }, [query.data, query.isPlaceholderData, state]);

  const allColumns = useMemo<DataTableColumn<T>[]>(() => {
    if (!selectable) return columns;
    const select: DataTableColumn<T> = {
      id: '__select',
      enableSorting: false,
      meta: { width: 44 },
      header: ({ table }) => (
        <SelectBox
          label="تحديد الكل"
          checked={table.getIsAllRowsSelected()}
          indeterminate={table.getIsSomeRowsSelected()}
          onChange={table.getToggleAllRowsSelectedHandler()}
        />
      ),
      cell: ({ row }) => (
        <SelectBox
          label="تحديد الصف"
          checked={row.getIsSelected()}
          onChange={row.getToggleSelectedHandler()}
        />
      ),
    };
    return [select, ...columns];
  }, [columns, selectable]);

  const table = useReactTable<T>({
    data: rows,
    columns: allColumns,
    getRowId: (row) => row._id,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableSorting: true,
    enableRowSelection: selectable,
    state: { rowSelection },
    onRowSelectionChange: setRowSelection,
  });

  const selectedIds = Object.keys(rowSelection).filter((id) => rowSelection[id]);
  const sortDir = (field: string): 'asc' | 'desc' | false => {
    const e = state.sorting.find((s) => s.field === field);
    return e ? (e.desc ? 'desc' : 'asc') : false;
  };
  const filtered = state.search !== '' || Object.keys(state.filters).length > 0;
  const colSpan = allColumns.length;

  // The latest handlers, read when a row is clicked, so the memoised rows need not re-render.
  const handlers = useRef({ onRowClick, rowLabel });
  handlers.current = { onRowClick, rowLabel };

  let body: ReactNode;
  if (query.isPending || (!data && query.data)) {
    body = Array.from({ length: Math.min(state.limit || 10, 8) }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
      <Table.Tr key={i} aria-hidden className={classes.skeletonRow}>
        {allColumns.map((c, j) => (
          <td key={c.id ?? j} className={classes.skeletonCell}>
            {c.id !== '__actions' && (
              <span className={classes.skeletonBar} style={{ width: `${60 + ((i + j) % 3) * 15}%` }} />
            )}
          </td>
        ))}
      </Table.Tr>
    ));
  } else if (query.isError && !data) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={colSpan}>
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title="تعذر تحميل البيانات"
            my="sm"
          >
            <Group justify="space-between" gap="sm">
              <Text size="sm">{query.error?.message || 'حدث خطأ'}</Text>
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconRefresh size={16} />}
                onClick={() => void query.refetch()}
              >
                إعادة المحاولة
              </Button>
            </Group>
          </Alert>
        </Table.Td>
      </Table.Tr>
    );
  } else if (rows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={colSpan}>
          <Stack align="center" gap="xs" py="xl" data-testid="table-empty">
            <ThemeIcon size={48} variant="light" color="gray">
              <IconDatabaseOff size={26} />
            </ThemeIcon>
            <Text fw={500}>{filtered ? 'لا توجد نتائج مطابقة' : 'لا توجد بيانات'}</Text>
            {filtered ? (
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconX size={14} />}
                onClick={state.clearFilters}
              >
                مسح البحث والفلاتر
              </Button>
            ) : (
              emptyAction
            )}
          </Stack>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = (
      <TableRows
        table={table}
        data={rows}
        columns={allColumns}
        selection={rowSelection}
        clickable={!!onRowClick}
        handlers={handlers}
      />
    );
  }

  const from = total === 0 ? 0 : (state.page - 1) * state.limit + 1;
  const to = state.limit > 0 ? Math.min(total, state.page * state.limit) : total;

  return (
    <Paper withBorder className={classes.root}>
      {toolbar && <Box className={classes.toolbar}>{toolbar}</Box>}
      {selectable && selectedIds.length > 0 && (
        <Group
          className={classes.bulkBar}
          justify="space-between"
          gap="xs"
          role="region"
          aria-label="إجراءات التحديد"
        >
          <Text size="sm" fw={500}>
            تم تحديد <bdi>{selectedIds.length}</bdi>
          </Text>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconX size={14} />}
              onClick={() => setRowSelection(noSelection)}
            >
              إلغاء التحديد
            </Button>
            <Button
              size="xs"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => bulkDelete(selectedIds, () => setRowSelection(noSelection))}
            >
              حذف المحدد ({selectedIds.length})
            </Button>
          </Group>
        </Group>
      )}
      <Table.ScrollContainer minWidth={minWidth} type="native" className={classes.scroll}>
        <Table
          striped
          highlightOnHover={!!onRowClick}
          verticalSpacing="sm"
          horizontalSpacing="md"
          className={classes.table}
          data-fetching={query.isPlaceholderData || undefined}
          aria-busy={query.isFetching}
        >
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const canSort = header.column.getCanSort() && header.column.id !== '__select';
                  const dir = canSort ? sortDir(header.column.id) : false;
                  const label = header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <Table.Th
                      key={header.id}
                      style={{ width: header.column.columnDef.meta?.width }}
                      aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
                    >
                      {canSort ? (
                        <UnstyledButton
                          className={classes.sortButton}
                          data-active={dir || undefined}
                          onClick={(e) => state.toggleSort(header.column.id, e.shiftKey)}
                        >
                          <span>{label}</span>
                          <SortIcon dir={dir} />
                        </UnstyledButton>
                      ) : (
                        label
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > 0 && (
        <Group className={classes.footer} justify="space-between" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" data-testid="table-range">
              عرض{' '}
              <bdi dir="ltr">
                {from}–{to}
              </bdi>{' '}
              من {data?.totalIsCapped && 'أكثر من '}
              <bdi>{total}</bdi>
            </Text>
            {/* The platform's own select: instant to build, and the phone's picker on a phone. */}
            <NativeSelect
              size="xs"
              w={76}
              aria-label="عدد الصفوف في الصفحة"
              data={PAGE_SIZES.map((n) => String(n))}
              value={String(state.limit)}
              onChange={(e) => state.setLimit(Number(e.currentTarget.value))}
            />
          </Group>
          {pageCount > 1 && (
            <Pagination
              size="sm"
              total={pageCount}
              value={Math.min(state.page, pageCount)}
              onChange={state.setPage}
              siblings={1}
              boundaries={1}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'next'
                    ? 'الصفحة التالية'
                    : control === 'previous'
                      ? 'الصفحة السابقة'
                      : undefined,
              })}
            />
          )}
        </Group>
      )}
    </Paper>
  );
}

/**
 * A trailing actions column: view / edit links and delete. Buttons stop the row click.
 * `rowActionsColumn({ onView, onEdit, onDelete })` — pass only what the user may do.
 */
export function rowActionsColumn<T extends Row>(actions: {
  onView?: (row: T) => void;
  onEdit?: (row: T) => void;
  onDelete?: (row: T) => void;
}): DataTableColumn<T> {
  return actionsColumn<T>(({ row }) => {
    const on = (act?: (row: T) => void) => act && (() => act(row.original));
    return (
      <div className={classes.rowActions}>
        <RowAction label="عرض" icon={IconEye} onClick={on(actions.onView)} />
        <RowAction label="تعديل" icon={IconEdit} onClick={on(actions.onEdit)} />
        <RowAction label="حذف" icon={IconTrash} danger onClick={on(actions.onDelete)} />
      </div>
    );
  });
}

/**
 * A row's actions column with its own cell: no sorting, as narrow as its buttons, and a heading
 * only screen readers hear, kept in flow (an absolutely positioned one inside the horizontally
 * scrolled table escapes it and widens the page on phones).
 */
export function actionsColumn<T>(cell: DataTableColumn<T>['cell']): DataTableColumn<T> {
  return {
    id: '__actions',
    header: () => <SrOnlyInline>إجراءات</SrOnlyInline>,
    enableSorting: false,
    meta: { width: 1, nowrap: true },
    cell,
  };
}

/** One row button: named, hinted, absent when the user may not do it. */
function RowAction({
  label,
  icon: Icon,
  danger = false,
  onClick,
}: {
  label: string;
  icon: typeof IconEye;
  danger?: boolean;
  onClick?: () => void;
}) {
  if (!onClick) return null;
  return (
    <button
      type="button"
      className={classes.rowAction}
      data-danger={danger || undefined}
      aria-label={label}
      data-hint={label}
      onClick={onClick}
    >
      <Icon size={18} aria-hidden />
    </button>
  );
}
