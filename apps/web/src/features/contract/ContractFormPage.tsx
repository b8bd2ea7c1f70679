import { contractBody } from '@idara/domain';
import { NumberInput, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { useParams } from 'react-router';
import { EntityForm, MoneyInput, useEntityForm } from '../../components/entity';

const BASE = '/dashboard/contract';

export default function ContractFormPage() {
  const { id } = useParams();
  const entity = useEntityForm({
    resourcePath: '/api/contract',
    id,
    schema: contractBody,
    initialValues: {
      name: '',
      description: '',
      durationMonths: 12 as number | string,
      visits: 0 as number | string,
      price: '' as number | string,
      active: true,
    },
    redirectTo: (saved: { _id?: string }) => (saved?._id ? `${BASE}/${saved._id}` : BASE),
  });
  const { form } = entity;
  return (
    <EntityForm entity={entity} cancelTo={id ? `${BASE}/${id}` : BASE}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="اسم العقد" withAsterisk {...form.getInputProps('name')} />
        <MoneyInput label="السعر" withAsterisk placeholder="0.00" {...form.getInputProps('price')} />
        <NumberInput
          label="مدة العقد بالأشهر"
          withAsterisk
          min={1}
          max={120}
          allowDecimal={false}
          allowNegative={false}
          suffix=" شهر"
          dir="ltr"
          {...form.getInputProps('durationMonths')}
        />
        <NumberInput
          label="عدد الزيارات"
          withAsterisk
          min={0}
          max={1000}
          allowDecimal={false}
          allowNegative={false}
          dir="ltr"
          {...form.getInputProps('visits')}
        />
      </SimpleGrid>
      <Textarea label="الوصف" autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
      <Switch label="فعّال" {...form.getInputProps('active', { type: 'checkbox' })} />
    </EntityForm>
  );
}
