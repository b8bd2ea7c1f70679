import { type SigninBody, signinBody } from '@idara/domain';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconLock, IconLogin } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { signIn, useAuth } from '../../lib/auth';
import { applyFieldErrors } from '../../lib/form-errors';
import { AuthCard } from './AuthCard';
import { PhoneInput } from './PhoneInput';

function describeError(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 429 && error.retryAfter) {
      return `${error.message} (أعد المحاولة بعد ${error.retryAfter} ثانية)`;
    }
    return error.message;
  }
  return 'تعذر تسجيل الدخول، حاول مرة أخرى';
}

/** Sign-in; on success the guard sends the user to `?redirect=` (or home). */
export default function SigninPage() {
  const { loading } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SigninBody>({
    mode: 'controlled',
    initialValues: { phoneNumber: '', password: '' },
    validate: schemaResolver(signinBody, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await signIn(signinBody.parse(values));
    } catch (e) {
      applyFieldErrors(form, e);
      setError(describeError(e));
    }
  });

  return (
    <AuthCard title="تسجيل الدخول" subtitle="أدخل رقم جوالك وكلمة المرور للمتابعة">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="signin-error">
              {error}
            </Alert>
          )}
          <PhoneInput autoComplete="username" autoFocus withAsterisk {...form.getInputProps('phoneNumber')} />
          <PasswordInput
            label="كلمة المرور"
            autoComplete="current-password"
            withAsterisk
            leftSection={<IconLock size={16} />}
            visibilityToggleButtonProps={{ 'aria-label': 'إظهار الحروف أو إخفاؤها' }}
            {...form.getInputProps('password')}
          />
          <Anchor component={Link} to="/auth/forget-password" size="sm">
            نسيت كلمة المرور؟
          </Anchor>
          <Button type="submit" loading={loading} leftSection={<IconLogin size={18} />} fullWidth>
            دخول
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
