import { formatSaudiPhoneLocal, profileUpdateBody, type User } from '@idara/domain';
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { EmailField, useEntityForm } from '../../components/entity';
import { setCurrentUser } from '../../lib/auth';

export function ProfileForm({ user }: { user: User }) {
  const { form, submit, saving } = useEntityForm({
    resourcePath: '/api/auth/profile',
    singleton: true,
    record: user,
    schema: profileUpdateBody,
    initialValues: { name: '', email: '' },
    guardUnsaved: false,
    successMessage: 'تم حفظ بياناتك',
    onSaved: (updated: User) => setCurrentUser(updated),
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
              loading={saving}
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
