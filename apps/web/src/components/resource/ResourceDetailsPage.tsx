import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { editPath, permissionOf, type Related, type Resource } from '../../app/resource';
import { useAuth, useCan } from '../../lib/auth';
import { useDeleteRecord, useLookup } from '../data-table';
import { DetailsCard, RecordLoadError, useRecord } from '../entity';
import { SectionLoader } from '../FullPageLoader';
import { lookupsOf, showValue } from './display';
import { useNamedLookups } from './lookups';

type Row = { _id: string; name: string } & Record<string, unknown>;
type Named = { _id: string; name: string };

/** The records of another resource that point at this one (a region's cities), as linked badges. */
function RelatedRecords({ related, id, rows }: { related: Related; id: string; rows: Named[] | undefined }) {
  const canOpen = useCan(related.detailsPermission);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title order={3} fz="h4" mb="sm">
        {related.title}
      </Title>
      {!rows ? (
        <SectionLoader />
      ) : rows.length > 0 ? (
        <Group gap="xs">
          {rows.map((r) =>
            canOpen ? (
              <Badge
                key={r._id}
                size="lg"
                variant="light"
                radius="xl"
                component={Link}
                to={`${related.base}/${r._id}`}
                style={{ cursor: 'pointer' }}
              >
                {r.name}
              </Badge>
            ) : (
              <Badge key={r._id} size="lg" variant="light" radius="xl">
                {r.name}
              </Badge>
            ),
          )}
        </Group>
      ) : (
        <Text c="dimmed">
          {related.empty}{' '}
          <Anchor component={Link} to={`${related.base}/new?${related.filter}=${id}`}>
            {related.addLabel}
          </Anchor>
        </Text>
      )}
    </Paper>
  );
}

/** A resource's details: its fields, edit and delete by permission, and the records pointing at it. */
export default function ResourceDetailsPage({ resource }: { resource: Resource }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const details = resource.details;
  const related = details?.related;
  const record = useRecord<Row>(resource.api, id);
  const lookups = useNamedLookups(lookupsOf(details?.fields.map((f) => f.display) ?? []));
  const canRelated = useCan(...(related ? [related.readPermission] : []));
  const relatedRows = useLookup<Named>(
    related?.api ?? resource.api,
    { ...(related && { [related.filter]: id ?? '' }), sort: 'name', fields: '_id,name' },
    { enabled: !!related && !!id && canRelated },
  );
  const remove = useDeleteRecord(resource.api, { onDeleted: () => navigate(resource.base) });

  if (record.isPending) return <SectionLoader />;
  if (record.error || !record.data)
    return <RecordLoadError backTo={resource.base} message={record.error?.message} />;
  const row = record.data;

  const card = (
    <DetailsCard
      title={row.name}
      editTo={editPath(resource, row._id)}
      editPermission={permissionOf(resource, 'update')}
      onDelete={() => remove(row)}
      deletePermission={permissionOf(resource, 'delete')}
      fields={(details?.fields ?? []).map((f) => ({
        label: f.label,
        wide: f.wide,
        value:
          f.key === 'relatedCount' ? (
            relatedRows.data ? (
              <bdi>{relatedRows.data.rows.length}</bdi>
            ) : (
              '—'
            )
          ) : (
            showValue(row[f.key], f.display, { lookups, user, row, key: f.key })
          ),
      }))}
    />
  );
  if (!related) return card;
  return (
    <Stack>
      {card}
      {canRelated && (
        <RelatedRecords
          related={related}
          id={row._id}
          rows={relatedRows.isPending ? undefined : (relatedRows.data?.rows ?? [])}
        />
      )}
    </Stack>
  );
}
