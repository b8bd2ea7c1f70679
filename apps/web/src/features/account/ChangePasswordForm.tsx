import { changePasswordBody } from '@idara/domain';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEntityForm } from '../../components/entity';
import { NewPasswordFields, PasswordField } from '../../components/PasswordField';
import { api } from '../../lib/api';
import { sessionsKey } from './sessions-api';

export function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const { form, submit, saving } = useEntityForm({
    resourcePath: '/api/auth/password',
    singleton: true,
    schema: changePasswordBody,
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    toBody: ({ currentPassword, newPassword }) => ({ currentPassword, newPassword }),
    validate: (values, errors) => {
      if (values.confirmPassword !== values.newPassword)
        errors.confirmPassword = 'كلمتا المرور غير متطابقتين';
    },
    // A wrong current password must not be sent twice.
    save: (body) => api('/api/auth/password', { method: 'PUT', body, retry: 0 }),
    guardUnsaved: false,
    successMessage: 'تم تغيير كلمة المرور',
    onSaved: () => {
      form.reset();
      void queryClient.invalidateQueries({ queryKey: sessionsKey });
    },
  });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="h4" mb={4}>
        تغيير كلمة المرور
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        عند تغيير كلمة المرور يُسجَّل خروج جميع أجهزتك الأخرى.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordField label="كلمة المرور الحالية" {...form.getInputProps('currentPassword')} />
          <NewPasswordFields
            password={form.getInputProps('newPassword')}
            confirm={form.getInputProps('confirmPassword')}
            confirmLabel="تأكيد كلمة المرور الجديدة"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              تغيير كلمة المرور
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
