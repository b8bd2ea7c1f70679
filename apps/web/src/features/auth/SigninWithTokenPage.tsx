import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLogin } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { acceptSession, type SigninResult } from '../../lib/auth';
import { AuthCard } from './AuthCard';

/** Link tokens are single-use: one request per token, even under StrictMode double effects. */
const attempts = new Map<string, Promise<SigninResult>>();

function signinWithToken(token: string): Promise<SigninResult> {
  let p = attempts.get(token);
  if (!p) {
    p = api('/api/auth/signin-with-token', {
      method: 'POST',
      body: { token },
      retry: 0,
      stopAlert: true,
    });
    attempts.set(token, p);
  }
  return p;
}

/** Sign-in through a single-use link (?token=…); on success the guard goes home. */
export default function SigninWithTokenPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [error, setError] = useState<string | null>(token ? null : 'رابط الدخول غير صالح أو ناقص');

  useEffect(() => {
    if (!token) return;
    let live = true;
    signinWithToken(token)
      .then((result) => {
        if (live) acceptSession(result);
      })
      .catch((e) => {
        if (live) setError(errorMessage(e) || 'رابط الدخول غير صالح أو منتهي الصلاحية');
      });
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <AuthCard title="الدخول بالرابط">
      {error ? (
        <Stack>
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="تعذر الدخول بالرابط">
            {error}
          </Alert>
          <Text size="sm" c="dimmed">
            قد يكون الرابط مستخدماً من قبل أو منتهي الصلاحية. اطلب رابطاً جديداً من مدير النظام أو سجّل الدخول
            بكلمة المرور.
          </Text>
          <Button component={Link} to="/auth/signin" leftSection={<IconLogin size={18} />}>
            الذهاب إلى تسجيل الدخول
          </Button>
        </Stack>
      ) : (
        <Center py="lg">
          <Stack align="center" gap="sm" role="status">
            <Loader />
            <Text c="dimmed">جارٍ التحقق من الرابط…</Text>
          </Stack>
        </Center>
      )}
    </AuthCard>
  );
}
