import { paymentMethodBody } from '@idara/domain';
import { Select, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { useParams } from 'react-router';
import { EntityForm, useEntityForm } from '../../components/entity';
import { KIND_OPTIONS } from './PaymentMethodListPage';

const BASE = '/dashboard/paymentMethod';

export default function PaymentMethodFormPage() {
  const { id } = useParams();
  const entity = useEntityForm({
    resourcePath: '/api/paymentMethod',
    id,
    schema: paymentMethodBody,
    initialValues: { name: '', kind: 'cash', details: '', active: true },
    redirectTo: BASE,
  });
  const { form } = entity;
  return (
    <EntityForm entity={entity} cancelTo={BASE}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="اسم طريقة الدفع" withAsterisk {...form.getInputProps('name')} />
        <Select
          label="النوع"
          withAsterisk
          data={KIND_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('kind')}
        />
      </SimpleGrid>
      <Textarea
        label="التفاصيل"
        description="مثل رقم الحساب أو الآيبان"
        autosize
        minRows={2}
        maxRows={5}
        {...form.getInputProps('details')}
      />
      <Switch label="فعّال" {...form.getInputProps('active', { type: 'checkbox' })} />
    </EntityForm>
  );
}
