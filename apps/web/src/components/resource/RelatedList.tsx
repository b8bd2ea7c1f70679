import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { detailsPath, permissionOf, type Resource, type Screens } from '../../app/resource';
import { apiUntyped } from '../../lib/api';
import { useAuth, useCan } from '../../lib/auth';
import type { ListResponse } from '../data-table';
import { RetryButton } from '../feedback';
import { EmptyState } from '../page';
import { lookupsOf, showValue } from './display';
import { useNamedLookups } from './lookups';
import { ScreensGate } from './ScreensGate';

type Row = { _id: string } & Record<string, unknown>;
const LIMIT = 10;

/**
 * A resource's latest records that refer to one record (a customer's equipment): its own columns
 * but the reference, each row opening the record, an add button that starts with the reference
 * chosen, and the whole list filtered by it past the first ten.
 */
export function RelatedList(props: { resource: Resource; filter: string; id: string }) {
  return (
    <ScreensGate resource={props.resource}>{({ list }) => <Related {...props} list={list} />}</ScreensGate>
  );
}

function Related({
  resource,
  filter,
  id,
  list: { columns: all, createLabel },
}: {
  resource: Resource;
  filter: string;
  id: string;
  list: Screens['list'];
}) {
  const { user } = useAuth();
  const canRead = useCan(permissionOf(resource, 'read'));
  const canCreate = useCan(permissionOf(resource, 'create'));
  const canOpen = useCan(permissionOf(resource, 'details'));
  const columns = all.filter((c) => c.key !== filter && (c.priority ?? 1) <= 2);
  const lookups = useNamedLookups(lookupsOf(columns.map((c) => c.display)));
  const list = useQuery({
    queryKey: [resource.api, 'related', filter, id],
    queryFn: () =>
      apiUntyped<ListResponse<Row>>(resource.api, {
        query: { [filter]: id, limit: LIMIT, sort: resource.relatedTab?.sort ?? '-createdAt' },
        stopAlert: true,
      }),
    enabled: canRead,
  });
  const Icon = resource.nav.icon;
  const add = canCreate && (
    <Button
      component={Link}
      to={`${resource.base}/new?${filter}=${id}`}
      leftSection={<IconPlus size={16} />}
      variant="light"
    >
      {createLabel}
    </Button>
  );

  if (!canRead)
    return (
      <Paper withBorder>
        <EmptyState icon={<Icon size={26} />} title={`لا تملك صلاحية عرض ${resource.titles.list}`} />
      </Paper>
    );
  if (list.isPending)
    return (
      <Paper withBorder p="lg">
        <Stack gap="xs" role="status" aria-label="جارٍ التحميل…">
          <Skeleton h={32} radius="sm" />
          <Skeleton h={32} radius="sm" />
        </Stack>
      </Paper>
    );
  if (list.isError)
    return (
      <Alert
        color="red"
        radius="lg"
        icon={<IconAlertCircle size={20} />}
        title={`تعذر تحميل ${resource.titles.list}`}
      >
        <RetryButton onRetry={() => void list.refetch()} />
      </Alert>
    );
  const rows = list.data.data;
  if (rows.length === 0)
    return (
      <Paper withBorder pb={add ? 'xl' : undefined}>
        <EmptyState icon={<Icon size={26} />} title={`لا توجد ${resource.titles.list} بعد`} />
        {add && <Group justify="center">{add}</Group>}
      </Paper>
    );

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} style={{ minWidth: 0 }}>
      {add && (
        <Group justify="flex-end" mb="sm">
          {add}
        </Group>
      )}
      <Table.ScrollContainer minWidth={0}>
        <Table verticalSpacing="sm" highlightOnHover={canOpen}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key}>{c.header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row._id}>
                {columns.map((c, i) => {
                  const value = showValue(row[c.key], c.display, { lookups, user, row, key: c.key });
                  return (
                    <Table.Td key={c.key}>
                      {i === 0 && canOpen ? (
                        <Anchor component={Link} to={detailsPath(resource, row._id)} fw={500}>
                          {value}
                        </Anchor>
                      ) : (
                        value
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.data.total > rows.length && (
        <Group justify="center" mt="sm">
          <Text size="sm" c="dimmed">
            آخر <bdi>{rows.length}</bdi> من {list.data.totalIsCapped && 'أكثر من '}
            <bdi>{list.data.total}</bdi> —{' '}
            <Anchor component={Link} to={`${resource.base}?${filter}=${id}`} size="sm">
              عرض الكل
            </Anchor>
          </Text>
        </Group>
      )}
    </Paper>
  );
}
