import { customerTypeLabels } from '@idara/domain';
import { Badge, Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import {
  type DataTableColumn,
  dateColumn,
  Empty,
  EXPORT_WITH_PDF,
  ListPage,
  nameColumn,
  phoneColumn,
  useRecordList,
} from '../../components/data-table';
import { LazyDialog } from '../../components/LazyDialog';
import { useCan } from '../../lib/auth';
import { useCustomerFilters } from './CustomerFilters';
import { CUSTOMER_PATH, type Customer, useCities } from './customer-api';

// The import dialog (its file parsing and validation schemas) loads the first time it opens.
const ImportCustomersDialog = lazy(() =>
  import('./ImportCustomersDialog').then((m) => ({ default: m.ImportCustomersDialog })),
);

export default function CustomerListPage() {
  const { state, pageProps, rowActions } = useRecordList<Customer>(
    CUSTOMER_PATH,
    'customer',
    { sort: '-createdAt' },
    { base: '/dashboard/customer' },
  );
  const canCreate = useCan('customer:create');
  const cities = useCities();
  const filters = useCustomerFilters(state);
  const [importing, setImporting] = useState(false);
  // The dialog mounts the first time it opens (then stays, so closing still animates).

  // At every width: the customer's name and phone, and the row's actions.
  const columns: DataTableColumn<Customer>[] = [
    nameColumn(),
    {
      accessorKey: 'type',
      header: 'النوع',
      meta: { nowrap: true, priority: 2 },
      cell: (c) => {
        const type = c.getValue() as Customer['type'];
        return (
          <Badge variant="light" radius="sm" color={type === 'company' ? 'indigo' : 'teal'}>
            {customerTypeLabels[type]}
          </Badge>
        );
      },
    },
    phoneColumn('phoneNumber', 'رقم الجوال', 1),
    {
      accessorKey: 'city',
      header: 'المدينة',
      enableSorting: false,
      meta: { priority: 3 },
      cell: (c) => {
        const id = c.getValue() as string | null;
        const name = id ? cities.data?.byId.get(id)?.name : undefined;
        return name ?? <Empty />;
      },
    },
    dateColumn('createdAt', 'تاريخ الإضافة', 3),
    rowActions(),
  ];

  return (
    <>
      <ListPage<Customer>
        {...pageProps}
        columns={columns}
        createLabel="إضافة عميل"
        exportTitle="تصدير العملاء"
        exportOptions={EXPORT_WITH_PDF}
        actions={
          canCreate && (
            <Button
              variant="default"
              leftSection={<IconFileImport size={18} />}
              onClick={() => setImporting(true)}
            >
              استيراد
            </Button>
          )
        }
        searchPlaceholder="ابحث بالاسم أو الجوال أو الرقم الضريبي"
        rowLabel={(r) => r.name}
        filters={filters}
      />
      <LazyDialog opened={importing}>
        <ImportCustomersDialog opened={importing} onClose={() => setImporting(false)} />
      </LazyDialog>
    </>
  );
}
