import { arabicPlural } from '@idara/domain';
import { useNavigate, useParams } from 'react-router';
import { ActiveBadge, DateTime, Empty, Money, useDeleteRecord } from '../../components/data-table';
import { DetailsCard, RecordLoadError, useRecord } from '../../components/entity';
import { SectionLoader } from '../../components/FullPageLoader';
import { MONTHS, VISITS } from '../records-shared';
import type { Contract } from './ContractListPage';

const BASE = '/dashboard/contract';

export default function ContractDetailsPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const record = useRecord<Contract>('/api/contract', id);
  const remove = useDeleteRecord('/api/contract', { onDeleted: () => navigate(BASE) });

  if (record.isPending) return <SectionLoader />;
  if (record.error || !record.data) return <RecordLoadError backTo={BASE} message={record.error?.message} />;
  const c = record.data;

  return (
    <DetailsCard
      title={c.name}
      editTo={`${BASE}/edit/${c._id}`}
      editPermission="contract:update"
      onDelete={() => remove(c)}
      deletePermission="contract:delete"
      fields={[
        { label: 'اسم العقد', value: c.name },
        { label: 'الحالة', value: <ActiveBadge active={c.active} /> },
        { label: 'المدة', value: arabicPlural(c.durationMonths, MONTHS) },
        { label: 'عدد الزيارات', value: arabicPlural(c.visits, VISITS) },
        { label: 'السعر', value: <Money value={c.price} /> },
        { label: 'تاريخ الإضافة', value: <DateTime value={c.createdAt} hijri /> },
        { label: 'الوصف', value: c.description || <Empty />, wide: true },
      ]}
    />
  );
}
