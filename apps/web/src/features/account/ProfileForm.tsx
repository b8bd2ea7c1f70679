import { formatSaudiPhoneLocal, profileUpdateBody, type User } from '@idara/domain';
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { EmailField } from '../../components/entity';
import { api } from '../../lib/api';
import { setCurrentUser } from '../../lib/auth';
import { applyFieldErrors } from '../../lib/form-errors';
import { notify } from '../../lib/toast';

export function ProfileForm({ user }: { user: User }) {
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { name: user.name, email: user.email ?? '' },
    validate: schemaResolver(profileUpdateBody, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const updated = await api<User>('/api/auth/profile', {
        method: 'PUT',
        body: profileUpdateBody.parse(values),
      });
      setCurrentUser(updated);
      form.resetDirty({ name: updated.name, email: updated.email ?? '' });
      notify.success('تم حفظ بياناتك');
    } catch (e) {
      applyFieldErrors(form, e);
    } finally {
      setBusy(false);
    }
  });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="h4" mb="md">
        البيانات الشخصية
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="الاسم" autoComplete="name" withAsterisk {...form.getInputProps('name')} />
          <EmailField autoComplete="email" {...form.getInputProps('email')} />
          <TextInput
            label="رقم الجوال"
            dir="ltr"
            value={formatSaudiPhoneLocal(user.phoneNumber)}
            readOnly
            description="لا يمكن تغيير رقم الجوال إلا من قبل مدير النظام"
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={busy}
              disabled={!form.isDirty()}
              leftSection={<IconDeviceFloppy size={18} />}
            >
              حفظ التغييرات
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
