import { serviceBody } from '@idara/domain';
import { SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { useParams } from 'react-router';
import { EntityForm, MoneyInput, useEntityForm } from '../../components/entity';

const BASE = '/dashboard/service';

export default function ServiceFormPage() {
  const { id } = useParams();
  const entity = useEntityForm({
    resourcePath: '/api/service',
    id,
    schema: serviceBody,
    initialValues: { name: '', description: '', price: '' as string | number, active: true },
    redirectTo: BASE,
  });
  const { form } = entity;
  return (
    <EntityForm entity={entity} cancelTo={BASE}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="اسم الخدمة" withAsterisk {...form.getInputProps('name')} />
        <MoneyInput label="السعر" withAsterisk placeholder="0.00" {...form.getInputProps('price')} />
      </SimpleGrid>
      <Textarea label="الوصف" autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
      <Switch label="فعّال" {...form.getInputProps('active', { type: 'checkbox' })} />
    </EntityForm>
  );
}
