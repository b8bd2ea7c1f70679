import { formatSaudiPhoneLocal, type PersonGender, profileUpdateBody, type User } from '@idara/domain';
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { EmailField, GenderField, useEntityForm } from '../../components/entity';
import { setCurrentUser } from '../../lib/auth';

export function ProfileForm({ user }: { user: User }) {
  const { form, submit, saving } = useEntityForm({
    resourcePath: '/api/auth/profile',
    singleton: true,
    record: user,
    schema: profileUpdateBody,
    initialValues: { name: '', email: '', gender: 'male' as PersonGender },
    // An answer without a gender (an older server) speaks of the user in the masculine, the default.
    fromRecord: (u) => ({ name: u.name, email: u.email ?? '', gender: u.gender ?? 'male' }),
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
          <GenderField
            description="تُصاغ الجمل عنك بحسبه، كما في الإشعارات («سجّل» أو «سجّلت»)"
            {...form.getInputProps('gender')}
          />
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
