import type { City } from '@idara/domain';
import { Anchor } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { DateTime, Empty, useDeleteRecord } from '../../components/data-table';
import { DetailsCard, RecordLoadError, useRecord } from '../../components/entity';
import { SectionLoader } from '../../components/FullPageLoader';
import { useCan } from '../../lib/auth';
import { useGovernments } from './use-governments';

const BASE = '/dashboard/city';

export default function CityDetailsPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const record = useRecord<City>('/api/city', id);
  const governments = useGovernments();
  const canGov = useCan('gov:details');
  const remove = useDeleteRecord('/api/city', { onDeleted: () => navigate(BASE) });

  if (record.isPending) return <SectionLoader />;
  if (record.error || !record.data) return <RecordLoadError backTo={BASE} message={record.error?.message} />;
  const city = record.data;
  const gov = governments.data?.byId.get(city.government);

  return (
    <DetailsCard
      title={city.name}
      editTo={`${BASE}/edit/${city._id}`}
      editPermission="city:update"
      onDelete={() => remove(city)}
      deletePermission="city:delete"
      fields={[
        { label: 'اسم المدينة', value: city.name },
        {
          label: 'المنطقة',
          value: gov ? (
            canGov ? (
              <Anchor component={Link} to={`/dashboard/government/${gov._id}`}>
                {gov.name}
              </Anchor>
            ) : (
              gov.name
            )
          ) : (
            <Empty />
          ),
        },
        { label: 'تاريخ الإضافة', value: <DateTime value={city.createdAt} hijri /> },
        { label: 'آخر تعديل', value: <DateTime value={city.updatedAt} /> },
      ]}
    />
  );
}
