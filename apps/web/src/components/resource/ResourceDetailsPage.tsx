import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  type ChoiceName,
  type Details,
  type DetailsField,
  editPath,
  holds,
  permissionOf,
  type Related,
  type Resource,
  recordTitle,
} from '../../app/resource';
// The activity log's timeline is the customer's, order's and user's one (features/customer).
import { ActivityTimeline } from '../../features/customer/ActivityTimeline';
import { useAuth, useCan } from '../../lib/auth';
import { useDeleteRecord, useLookup } from '../data-table';
import { DetailsCard, RecordLoadError, useRecord } from '../entity';
import { SectionLoader } from '../FullPageLoader';
import { Section } from '../page';
import { choices } from './choices';
import { lookupsOf, type ShowContext, showValue } from './display';
import { useNamedLookups } from './lookups';
import { RecordActions, RecordDocuments } from './RecordActions';
import { RecordItems } from './RecordItems';
import { ScreensGate } from './ScreensGate';

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

/**
 * The names of the choice lists the details show (a visit's equipment), each read for the
 * record's scope (its customer); the team's names come with the employees lookup. The fields are
 * fixed per resource, so the hooks run in the same order on every render.
 */
function useChoiceNames(fields: DetailsField[], row: Row | undefined) {
  const names: Partial<Record<ChoiceName, Map<string, string>>> = {};
  for (const f of fields) {
    const d = f.display;
    if (!d || typeof d !== 'object' || !('choices' in d) || d.choices === 'users') continue;
    const source = choices[d.choices];
    const scope = source.scope && row ? ((row[source.scope] as string | null) ?? null) : null;
    names[d.choices] = source.use(scope, Boolean(row)).names;
  }
  return names;
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length);

/**
 * A resource's details: its fields, edit and delete by permission, its own actions, the rows of its
 * list field, the records pointing at it and its activity log.
 */
export default function ResourceDetailsPage({ resource }: { resource: Resource }) {
  return (
    <ScreensGate resource={resource}>
      {({ details }) => <RecordDetails resource={resource} details={details ?? { fields: [] }} />}
    </ScreensGate>
  );
}

function RecordDetails({ resource, details }: { resource: Resource; details: Details }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const { fields, related, items } = details;
  const record = useRecord<Row>(resource.api, id);
  const lookups = useNamedLookups(
    lookupsOf([...fields.map((f) => f.display), ...(items?.columns.map((c) => c.display) ?? [])]),
  );
  const choiceNames = useChoiceNames(fields, record.data);
  const canRelated = useCan(...(related ? [related.readPermission] : []));
  const canActivity = useCan('activity:read');
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
  const context: Omit<ShowContext, 'row' | 'key'> = { lookups, user, choiceNames };
  const show = (f: DetailsField): ReactNode =>
    f.key === 'relatedCount' ? (
      relatedRows.data ? (
        <bdi>{relatedRows.data.rows.length}</bdi>
      ) : (
        '—'
      )
    ) : (
      showValue(row[f.key], f.display, { ...context, row, key: f.key })
    );
  const itemResource = items?.resource;

  return (
    <Stack>
      <DetailsCard
        title={recordTitle(resource, row)}
        badges={fields.filter((f) => f.inTitle).map((f) => <span key={f.key}>{show(f)}</span>)}
        actions={
          <>
            <RecordDocuments resource={resource} documents={details.documents ?? []} row={row} />
            <RecordActions
              resource={resource}
              actions={details.actions ?? []}
              row={row}
              also={itemResource ? [`/api/${itemResource}`] : []}
            />
          </>
        }
        editTo={holds(details.editableWhen, row) ? editPath(resource, row._id) : undefined}
        editPermission={permissionOf(resource, 'update')}
        onDelete={() => remove({ ...row, name: recordTitle(resource, row) })}
        deletePermission={permissionOf(resource, 'delete')}
        fields={fields
          .filter((f) => !f.inTitle && holds(f.when, row) && !(f.hideEmpty && isEmpty(row[f.key])))
          .map((f) => ({ label: f.label, wide: f.wide, value: show(f) }))}
      />
      {items && (
        <RecordItems
          items={items}
          id={row._id}
          rows={(row[items.key] as ({ _id: string } & Record<string, unknown>)[] | undefined) ?? []}
          context={context}
        />
      )}
      {related && canRelated && (
        <RelatedRecords
          related={related}
          id={row._id}
          rows={relatedRows.isPending ? undefined : (relatedRows.data?.rows ?? [])}
        />
      )}
      {canActivity && (
        <Section title="سجل النشاط">
          <ActivityTimeline
            query={{ entity: resource.entity, entityId: row._id, limit: 50 }}
            emptyText="لا توجد أنشطة مسجلة لهذا السجل"
          />
        </Section>
      )}
    </Stack>
  );
}
