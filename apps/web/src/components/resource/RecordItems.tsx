import { Anchor, Button, Text } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { Link } from 'react-router';
import { detailsPath, type Items, permissionOf } from '../../app/resource';
import { resources } from '../../app/resources';
import { can, useAuth } from '../../lib/auth';
import { CompactTable, RecordsCard } from '../page';
import { type ShowContext, showValue } from './display';

type Item = { _id: string } & Record<string, unknown>;

/**
 * The rows of one of the record's own list fields (a contract's visits) as a short table of
 * another resource's records: the first column opens each one for those who may, and the whole
 * list of that resource opens filtered by this record.
 */
export function RecordItems({
  items,
  id,
  rows,
  context,
}: {
  items: Items;
  id: string;
  rows: Item[];
  context: Omit<ShowContext, 'row' | 'key'>;
}) {
  const { user } = useAuth();
  const target = resources.find((r) => r.name === items.resource);
  const canOpen = Boolean(target && can(user, [permissionOf(target, 'details')]));
  const canList = Boolean(target && items.filter && can(user, [permissionOf(target, 'read')]));
  return (
    <RecordsCard
      title={items.title}
      testId={`items-${items.key}`}
      action={
        canList &&
        target && (
          <Button
            component={Link}
            to={`${target.base}?${items.filter}=${id}`}
            variant="subtle"
            size="compact-sm"
            leftSection={<IconList size={16} />}
          >
            عرض في القائمة
          </Button>
        )
      }
    >
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {items.empty}
        </Text>
      ) : (
        <CompactTable
          minWidth={0}
          verticalSpacing="xs"
          rows={rows}
          rowKey={(row) => row._id}
          columns={items.columns.map((c, i) => ({
            header: c.header,
            td: c.nowrap ? { style: { whiteSpace: 'nowrap' } } : undefined,
            cell: (row: Item) => {
              const value = showValue(row[c.key], c.display, { ...context, row, key: c.key });
              return i === 0 && canOpen && target ? (
                <Anchor component={Link} to={detailsPath(target, row._id)} fw={500}>
                  {value}
                </Anchor>
              ) : (
                value
              );
            },
          }))}
        />
      )}
    </RecordsCard>
  );
}
