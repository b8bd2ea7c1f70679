import { type SigninValues, signinErrors, signinRequest } from '@idara/domain';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconLogin } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PasswordField } from '../../components/PasswordField';
import { isApiError } from '../../lib/api-error';
import { signIn, useAuth } from '../../lib/auth';
import { applyFieldErrors, focusFirstError } from '../../lib/form-errors';
import { preloadNextPage } from '../../lib/next-page';
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
  // Where the guard sends the person once signed in: its code is fetched as they start typing,
  // so that it is here by the time the sign-in answers.
  const fetchedAhead = useRef<'no' | 'soon' | 'yes'>('no');
  const fetchNextPage = (when: 'idle' | 'now') => {
    const fetch = () => {
      if (fetchedAhead.current === 'yes') return;
      fetchedAhead.current = 'yes';
      preloadNextPage();
    };
    if (when === 'now') fetch();
    else if (fetchedAhead.current === 'no') {
      fetchedAhead.current = 'soon';
      // Not in the keystroke's task (asking for a page's files is work on the main thread): once
      // the typed character has shown.
      if (typeof requestIdleCallback === 'function') requestIdleCallback(fetch);
      else setTimeout(fetch);
    }
  };
  const [error, setError] = useState<string | null>(null);
  const [values, setValues] = useState<SigninValues>({ phoneNumber: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof SigninValues, string>>>({});

  // Two fields checked by the domain's zod-free rules (the server's signinBody applies the same):
  // neither a form library nor zod is part of the first page a visitor loads.
  const field = (name: keyof SigninValues) => ({
    value: values[name],
    error: errors[name],
    'data-path': name,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      fetchNextPage('idle');
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = signinErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    setError(null);
    fetchNextPage('now');
    try {
      // The next page's first request goes out as the session starts, beside its code.
      await signIn(signinRequest(values), () => preloadNextPage({ data: true }));
    } catch (e) {
      applyFieldErrors({ setErrors }, e);
      setError(describeError(e));
    }
  };

  return (
    <AuthCard title="تسجيل الدخول" subtitle="أدخل رقم جوالك وكلمة المرور للمتابعة">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="signin-error">
              {error}
            </Alert>
          )}
          <PhoneInput autoComplete="username" autoFocus withAsterisk {...field('phoneNumber')} />
          <PasswordField label="كلمة المرور" {...field('password')} />
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
