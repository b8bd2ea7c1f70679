import { passwordSchema } from '@idara/domain';
import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Group,
  Loader,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconClockHour4, IconCopy, IconDeviceFloppy, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { DateText } from '../../components/bidi';
import { useEntityForm } from '../../components/entity';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { forPerson } from '../../lib/person';
import { afterUserSaved, USER_PATH, type UserRecord, userBody } from './user-api';

/** What the reset dialog checks and sends: the new password alone. */
const newPasswordBody = z.object({ password: passwordSchema });

const modalProps = {
  centered: true,
  radius: 'lg',
  closeButtonProps: { 'aria-label': 'إغلاق' },
} as const;

/** What both dialogs of a user's page take: the user, and whether the dialog is open. */
interface UserModalProps {
  user: UserRecord;
  opened: boolean;
  onClose: () => void;
}

/** Admin password reset: PUT /api/user/:id with the whole record and the new password. */
export function ResetPasswordModal({ user, opened, onClose }: UserModalProps) {
  const queryClient = useQueryClient();
  const { form, submit, saving, conflictDialog } = useEntityForm<
    { password: string; confirm: string },
    UserRecord
  >({
    resourcePath: USER_PATH,
    id: user._id,
    record: user,
    schema: newPasswordBody,
    initialValues: { password: '', confirm: '' },
    fromRecord: () => ({ password: '', confirm: '' }),
    toBody: ({ password }) => ({ password }),
    validate: (values, errors) => {
      if (values.confirm !== values.password) errors.confirm = 'كلمتا المرور غير متطابقتين';
    },
    // The user's record as it stands, with the new password (PUT replaces the record).
    save: (body, _values, request) =>
      api(`${USER_PATH}/${user._id}`, {
        method: 'PUT',
        body: { ...userBody(user), ...(body as { password: string }) },
        ...request,
      }),
    // Someone saved the user in between: the comparison names the fields, never shows a password.
    labels: { password: 'كلمة المرور الجديدة', confirm: 'تأكيد كلمة المرور' },
    format: (_key, value) => (value ? '••••••••' : undefined),
    guardUnsaved: false,
    successMessage: 'تم تعيين كلمة المرور الجديدة',
    onSaved: (saved) => {
      afterUserSaved(queryClient, saved);
      onClose();
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: clear the fields each time it opens
  useEffect(() => {
    if (opened) form.reset();
  }, [opened]);

  return (
    <Modal {...modalProps} opened={opened} onClose={onClose} title="إعادة تعيين كلمة المرور">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {forPerson(
              user,
              `تعيين كلمة مرور جديدة للمستخدم «${user.name}». سيحتاج إلى استخدامها في الدخول القادم.`,
              `تعيين كلمة مرور جديدة للمستخدمة «${user.name}». ستحتاج إلى استخدامها في الدخول القادم.`,
            )}
          </Text>
          <PasswordInput
            label="كلمة المرور الجديدة"
            withAsterisk
            autoComplete="new-password"
            description="8 أحرف على الأقل"
            data-autofocus
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="تأكيد كلمة المرور"
            withAsterisk
            autoComplete="new-password"
            {...form.getInputProps('confirm')}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} leftSection={<IconX size={16} />}>
              إلغاء
            </Button>
            <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={16} />}>
              حفظ كلمة المرور
            </Button>
          </Group>
        </Stack>
        {conflictDialog}
      </form>
    </Modal>
  );
}

/** One-time sign-in link (POST /api/user/:id/signin-link), valid 15 minutes, with a copy button. */
export function SigninLinkModal({ user, opened, onClose }: UserModalProps) {
  const mutation = useMutation({
    mutationFn: () => api(`${USER_PATH}/${user._id}/signin-link`, { method: 'POST', stopAlert: true }),
  });
  const { mutate, reset } = mutation;
  useEffect(() => {
    if (opened) mutate();
    else reset();
  }, [opened, mutate, reset]);

  return (
    <Modal {...modalProps} opened={opened} onClose={onClose} title="رابط دخول لمرة واحدة" size="lg">
      <Stack>
        {mutation.isPending && (
          <Group justify="center" py="lg" role="status" aria-label="جارٍ إنشاء الرابط">
            <Loader size="sm" />
            <Text size="sm">جارٍ إنشاء الرابط…</Text>
          </Group>
        )}
        {mutation.isError && (
          <Alert color="red" title="تعذر إنشاء الرابط">
            {errorMessage(mutation.error)}
          </Alert>
        )}
        {mutation.data && (
          <>
            <Text size="sm">
              أرسل هذا الرابط إلى «{user.name}» {forPerson(user, 'ليدخل', 'لتدخل')} مباشرة دون كلمة مرور.
              يُستخدم مرة واحدة فقط.
            </Text>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                label="الرابط"
                readOnly
                dir="ltr"
                value={mutation.data.url}
                onFocus={(e) => e.currentTarget.select()}
                style={{ flex: 1, minWidth: 0 }}
                data-testid="signin-link-url"
              />
              <CopyButton value={mutation.data.url} timeout={2000}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'تم النسخ' : 'نسخ الرابط'} withArrow>
                    <ActionIcon
                      size={36}
                      variant={copied ? 'filled' : 'light'}
                      color={copied ? 'teal' : undefined}
                      onClick={copy}
                      aria-label={copied ? 'تم النسخ' : 'نسخ الرابط'}
                    >
                      {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
            <Alert color="orange" variant="light" icon={<IconClockHour4 size={18} />}>
              صالح لمدة 15 دقيقة — ينتهي في <DateText value={mutation.data.expiresAt} />
            </Alert>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} leftSection={<IconX size={16} />}>
            إغلاق
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
