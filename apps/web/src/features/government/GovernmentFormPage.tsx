import { governmentBody } from '@idara/domain';
import { TextInput } from '@mantine/core';
import { useParams } from 'react-router';
import { EntityForm, useEntityForm } from '../../components/entity';

const BASE = '/dashboard/government';

export default function GovernmentFormPage() {
  const { id } = useParams();
  const entity = useEntityForm({
    resourcePath: '/api/government',
    id,
    schema: governmentBody,
    initialValues: { name: '' },
    redirectTo: (saved: { _id?: string }) => (saved?._id ? `${BASE}/${saved._id}` : BASE),
  });
  return (
    <EntityForm entity={entity} cancelTo={id ? `${BASE}/${id}` : BASE} maw={560}>
      <TextInput label="اسم المنطقة" withAsterisk {...entity.form.getInputProps('name')} />
    </EntityForm>
  );
}
