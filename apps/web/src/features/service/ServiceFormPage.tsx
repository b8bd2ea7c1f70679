import { serviceBody } from '@idara/domain';
import { SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { IconForms } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { RemoteSelect } from '../../components/data-table';
import { EntityForm, MoneyInput, useEntityForm } from '../../components/entity';

const BASE = '/dashboard/service';

interface FormOption {
  _id: string;
  title: string;
  version: number;
}

const formOption = (f: FormOption) => ({ value: f._id, label: f.title });

export default function ServiceFormPage() {
  const { id } = useParams();
  const entity = useEntityForm({
    resourcePath: '/api/service',
    id,
    schema: serviceBody,
    initialValues: {
      name: '',
      description: '',
      price: '' as string | number,
      active: true,
      form: null as string | null,
    },
    redirectTo: BASE,
  });
  const { form } = entity;
  const formInput = form.getInputProps('form');
  return (
    <EntityForm entity={entity} cancelTo={BASE}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="اسم الخدمة" withAsterisk {...form.getInputProps('name')} />
        <MoneyInput label="السعر" withAsterisk placeholder="0.00" {...form.getInputProps('price')} />
      </SimpleGrid>
      <Textarea label="الوصف" autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
      <RemoteSelect<FormOption>
        path="/api/lookup/forms"
        params={{ active: 'true', sort: 'title' }}
        toOption={formOption}
        loadSelected
        label="النموذج الافتراضي"
        description="يُرفق بمهام هذه الخدمة ليملأه الموظف عند التنفيذ"
        placeholder="بدون نموذج"
        leftSection={<IconForms size={16} aria-hidden />}
        clearable
        clearButtonProps={{ 'aria-label': 'مسح النموذج' }}
        nothingFoundMessage="لا توجد نماذج فعّالة مطابقة"
        data-path="form"
        error={formInput.error}
        value={form.values.form}
        onChange={(v) => form.setFieldValue('form', v)}
      />
      <Switch label="فعّال" {...form.getInputProps('active', { type: 'checkbox' })} />
    </EntityForm>
  );
}
