import { arabicPluralAtLeast } from '@idara/domain';
import { Badge, Button, CloseButton, Group, Stack, TextInput } from '@mantine/core';
import { IconFileExport, IconPlus, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../lib/auth';
import { openExport } from '../export';
import { DataTable, type DataTableProps } from './DataTable';
import { ListToolbar } from './ListFilters';
import { toolbarField } from './toolbar-field';
import type { Row } from './use-list-query';
import type { ListState } from './use-list-state';

const RECORDS = { one: 'سجل واحد', two: 'سجلان', few: '{n} سجلات', many: '{n} سجلاً', other: '{n} سجل' };

export const EXPORT_OPTIONS = [
  { label: 'Excel', value: 'xlsx' },
  { label: 'CSV', value: 'csv' },
];

/** The export's file types for a list that also prints (orders, payments, documents, customers, aging). */
export const EXPORT_WITH_PDF = [...EXPORT_OPTIONS, { label: 'PDF', value: 'pdf' }];

/** Search box bound to the list state (debounced into the URL). */
export function ListSearch({ state, placeholder = 'بحث…' }: { state: ListState; placeholder?: string }) {
  return (
    <TextInput
      type="search"
      aria-label="بحث"
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        state.searchInput ? <CloseButton aria-label="مسح البحث" onClick={() => state.setSearch('')} /> : null
      }
      value={state.searchInput}
      onChange={(e) => state.setSearch(e.currentTarget.value)}
      {...toolbarField(260)}
      radius="xl"
    />
  );
}

export interface ListPageProps<T extends Row> extends Omit<DataTableProps<T>, 'toolbar' | 'selectable'> {
  /** `/api/<x>`: bulk delete and export (`/api/<x>/export`) go here. */
  resourcePath: string;
  /** "إضافة …" button target and label; shown when the user holds `createPermission`. */
  createTo?: string;
  createLabel?: string;
  createPermission?: string;
  /** With this permission the rows get checkboxes and the bulk-delete bar. */
  deletePermission?: string;
  /** Export button (Excel/CSV of the current search, filters and sort); true by default. */
  exportable?: boolean;
  /** File types offered by the export dialog; Excel and CSV by default. */
  exportOptions?: typeof EXPORT_OPTIONS;
  exportTitle?: string;
  searchPlaceholder?: string;
  /** Shows the search box; true by default (false for resources without a search column). */
  searchable?: boolean;
  /**
   * Filter controls, placed after the search box; below 992 px, two or more fold behind «تصفية»
   * (`ListToolbar`), so give each control as its own child or fragment member.
   */
  filters?: ReactNode;
  /** Under the search and filters, never folded with them: a bar acting on the selected rows. */
  selectionBar?: ReactNode;
  /** Extra header buttons. */
  actions?: ReactNode;
}

/**
 * List screen scaffold: count + "add" + export in the page header, a toolbar (search + filters) and
 * the DataTable. The route title is already shown in the app header.
 */
export function ListPage<T extends Row>({
  resourcePath,
  createTo,
  createLabel = 'إضافة',
  createPermission,
  deletePermission,
  exportable = true,
  exportOptions = EXPORT_OPTIONS,
  exportTitle,
  searchPlaceholder,
  searchable = true,
  filters,
  selectionBar,
  actions,
  state,
  query,
  ...table
}: ListPageProps<T>) {
  const canCreate = useCan(...(createPermission ? [createPermission] : []));
  const canDelete = useCan(...(deletePermission ? [deletePermission] : []));
  const total = query.data?.total;
  const totalIsCapped = query.data?.totalIsCapped;

  const createButton =
    createTo && canCreate ? (
      <Button component={Link} to={createTo} leftSection={<IconPlus size={18} />}>
        {createLabel}
      </Button>
    ) : null;

  return (
    <Stack>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Badge size="lg" variant="light" radius="xl" data-testid="list-count">
          {total === undefined ? '…' : arabicPluralAtLeast(total, RECORDS, totalIsCapped)}
        </Badge>
        <Group gap="xs">
          {actions}
          {exportable && (
            <Button
              variant="default"
              leftSection={<IconFileExport size={18} />}
              onClick={() =>
                openExport({
                  route: `${resourcePath}/export`,
                  query: state.exportQuery,
                  options: exportOptions,
                  title: exportTitle ?? 'تصدير',
                  total,
                  totalIsCapped,
                  listRoute: resourcePath,
                })
              }
            >
              تصدير
            </Button>
          )}
          {createButton}
        </Group>
      </Group>
      <DataTable<T>
        {...table}
        state={state}
        query={query}
        resourcePath={resourcePath}
        selectable={!!deletePermission && canDelete}
        emptyAction={table.emptyAction ?? createButton}
        toolbar={
          <>
            <ListToolbar
              state={state}
              search={searchable && <ListSearch state={state} placeholder={searchPlaceholder} />}
              filters={filters}
            />
            {selectionBar}
          </>
        }
      />
    </Stack>
  );
}
