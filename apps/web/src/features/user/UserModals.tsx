import { passwordSchema, type SigninLink } from '@idara/domain';
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
import { useForm } from '@mantine/form';
import { IconCheck, IconClockHour4, IconCopy, IconDeviceFloppy, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { focusFirstError } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { DateText } from '../customer/ui';
import { afterUserSaved, USER_PATH, type UserRecord, userBody } from './user-api';

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
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (v) => {
        const r = passwordSchema.safeParse(v);
        return r.success ? null : (r.error.issues[0]?.message ?? 'كلمة المرور غير صالحة');
      },
      confirm: (v, values) => (v === values.password ? null : 'كلمتا المرور غير متطابقتين'),
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: clear the fields each time it opens
  useEffect(() => {
    if (opened) form.reset();
  }, [opened]);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const saved = await api<UserRecord>(`${USER_PATH}/${user._id}`, {
        method: 'PUT',
        body: { ...userBody(user), password: values.password },
      });
      afterUserSaved(queryClient, saved);
      notify.success('تم تعيين كلمة المرور الجديدة');
      onClose();
    } catch {
      // toasted by the API client
    } finally {
      setBusy(false);
    }
  }, focusFirstError);

  return (
    <Modal {...modalProps} opened={opened} onClose={onClose} title="إعادة تعيين كلمة المرور">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            تعيين كلمة مرور جديدة للمستخدم «{user.name}». سيحتاج إلى استخدامها في الدخول القادم.
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
            <Button type="submit" loading={busy} leftSection={<IconDeviceFloppy size={16} />}>
              حفظ كلمة المرور
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** One-time sign-in link (POST /api/user/:id/signin-link), valid 15 minutes, with a copy button. */
export function SigninLinkModal({ user, opened, onClose }: UserModalProps) {
  const mutation = useMutation({
    mutationFn: () =>
      api<SigninLink>(`${USER_PATH}/${user._id}/signin-link`, { method: 'POST', stopAlert: true }),
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
              أرسل هذا الرابط إلى «{user.name}» ليدخل مباشرة دون كلمة مرور. يُستخدم مرة واحدة فقط.
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
