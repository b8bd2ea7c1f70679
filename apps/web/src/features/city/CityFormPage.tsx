import { cityBody } from '@idara/domain';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { EntityForm, useEntityForm } from '../../components/entity';
import { useGovernments } from './use-governments';

const BASE = '/dashboard/city';

export default function CityFormPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const governments = useGovernments();
  const entity = useEntityForm({
    resourcePath: '/api/city',
    id,
    schema: cityBody,
    initialValues: { name: '', government: id ? '' : (params.get('government') ?? '') },
    redirectTo: (saved: { _id?: string }) => (saved?._id ? `${BASE}/${saved._id}` : BASE),
  });
  return (
    <EntityForm entity={entity} cancelTo={id ? `${BASE}/${id}` : BASE}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="اسم المدينة" withAsterisk {...entity.form.getInputProps('name')} />
        <Select
          label="المنطقة"
          withAsterisk
          placeholder="اختر المنطقة"
          data={governments.data?.options ?? []}
          searchable
          nothingFoundMessage="لا توجد نتائج"
          disabled={governments.isPending}
          {...entity.form.getInputProps('government')}
          onChange={(v) => entity.form.setFieldValue('government', v ?? '')}
          value={entity.form.values.government || null}
        />
      </SimpleGrid>
    </EntityForm>
  );
}
