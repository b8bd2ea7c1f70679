import type { Government } from '@idara/domain';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { DateTime, useDeleteRecord, useLookup } from '../../components/data-table';
import { DetailsCard, RecordLoadError, useRecord } from '../../components/entity';
import { SectionLoader } from '../../components/FullPageLoader';
import { useCan } from '../../lib/auth';

const BASE = '/dashboard/government';

export default function GovernmentDetailsPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const record = useRecord<Government>('/api/government', id);
  const canCities = useCan('city:read');
  const cities = useLookup<{ _id: string; name: string }>(
    '/api/city',
    { government: id ?? '', sort: 'name', fields: '_id,name' },
    { enabled: !!id && canCities },
  );
  const remove = useDeleteRecord('/api/government', { onDeleted: () => navigate(BASE) });
  const canCityDetails = useCan('city:details');

  if (record.isPending) return <SectionLoader />;
  if (record.error || !record.data) return <RecordLoadError backTo={BASE} message={record.error?.message} />;
  const gov = record.data;

  return (
    <Stack gap="md">
      <DetailsCard
        title={gov.name}
        editTo={`${BASE}/edit/${gov._id}`}
        editPermission="gov:update"
        onDelete={() => remove(gov)}
        deletePermission="gov:delete"
        fields={[
          { label: 'اسم المنطقة', value: gov.name },
          { label: 'عدد المدن', value: cities.data ? <bdi>{cities.data.rows.length}</bdi> : '—' },
          { label: 'تاريخ الإضافة', value: <DateTime value={gov.createdAt} hijri /> },
          { label: 'آخر تعديل', value: <DateTime value={gov.updatedAt} /> },
        ]}
      />
      {canCities && (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Title order={3} fz="h4" mb="sm">
            مدن المنطقة
          </Title>
          {cities.isPending ? (
            <SectionLoader />
          ) : cities.data && cities.data.rows.length > 0 ? (
            <Group gap="xs">
              {cities.data.rows.map((c) =>
                canCityDetails ? (
                  <Badge
                    key={c._id}
                    size="lg"
                    variant="light"
                    radius="xl"
                    component={Link}
                    to={`/dashboard/city/${c._id}`}
                    style={{ cursor: 'pointer' }}
                  >
                    {c.name}
                  </Badge>
                ) : (
                  <Badge key={c._id} size="lg" variant="light" radius="xl">
                    {c.name}
                  </Badge>
                ),
              )}
            </Group>
          ) : (
            <Text c="dimmed">
              لا توجد مدن في هذه المنطقة.{' '}
              <Anchor component={Link} to={`/dashboard/city/new?government=${gov._id}`}>
                إضافة مدينة
              </Anchor>
            </Text>
          )}
        </Paper>
      )}
    </Stack>
  );
}
