import { changePasswordBody, type MessageAnswer } from '@idara/domain';
import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { sessionsKey } from './sessions-api';

const toggleProps = { 'aria-label': 'إظهار الحروف أو إخفاؤها' };

export function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const check = schemaResolver(changePasswordBody, { sync: true });
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: (values) => {
      const errors = check(values);
      if (values.confirmPassword !== values.newPassword)
        errors.confirmPassword = 'كلمتا المرور غير متطابقتين';
      return errors;
    },
  });
  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    setBusy(true);
    try {
      const res = await api<MessageAnswer>('/api/auth/password', {
        method: 'PUT',
        body: { currentPassword, newPassword },
        retry: 0,
      });
      form.reset();
      notify.success(res?.message || 'تم تغيير كلمة المرور');
      void queryClient.invalidateQueries({ queryKey: sessionsKey });
    } catch (e) {
      applyFieldErrors(form, e);
    } finally {
      setBusy(false);
    }
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
          <PasswordInput
            label="كلمة المرور الحالية"
            autoComplete="current-password"
            withAsterisk
            leftSection={<IconLock size={16} />}
            visibilityToggleButtonProps={toggleProps}
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="كلمة المرور الجديدة"
            description="8 أحرف على الأقل"
            autoComplete="new-password"
            withAsterisk
            leftSection={<IconLock size={16} />}
            visibilityToggleButtonProps={toggleProps}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="تأكيد كلمة المرور الجديدة"
            autoComplete="new-password"
            withAsterisk
            leftSection={<IconLock size={16} />}
            visibilityToggleButtonProps={toggleProps}
            {...form.getInputProps('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              تغيير كلمة المرور
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
