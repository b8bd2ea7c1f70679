import { forgotPasswordBody, resetPasswordBody, toLatinDigits } from '@idara/domain';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowRight, IconInfoCircle, IconKey, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useEntityForm } from '../../components/entity';
import { NewPasswordFields } from '../../components/PasswordField';
import { api } from '../../lib/api';
import { AuthCard } from './AuthCard';
import { PhoneInput } from './PhoneInput';

const CODE_SENT = 'إذا كان الرقم مسجلاً فسيصلك رمز التحقق';

function RequestCodeForm({
  initialPhone,
  onSent,
}: {
  initialPhone: string;
  onSent: (phone: string) => void;
}) {
  const { form, submit, saving } = useEntityForm({
    resourcePath: '/api/auth/forget-password',
    schema: forgotPasswordBody,
    initialValues: { phoneNumber: initialPhone },
    save: (body) => api('/api/auth/forget-password', { method: 'POST', body, retry: 0 }),
    guardUnsaved: false,
    successMessage: null, // the next step says the code was sent
    onSaved: () => onSent(form.getValues().phoneNumber),
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          أدخل رقم جوالك المسجل وسنرسل إليك رمز تحقق من <bdi>6</bdi> أرقام صالحاً لمدة <bdi>10</bdi> دقائق.
        </Text>
        <PhoneInput autoFocus withAsterisk {...form.getInputProps('phoneNumber')} />
        <Button type="submit" loading={saving} leftSection={<IconSend size={18} />} fullWidth>
          إرسال رمز التحقق
        </Button>
      </Stack>
    </form>
  );
}

function ResetForm({ phone, onBack }: { phone: string; onBack: () => void }) {
  const navigate = useNavigate();
  const { form, submit, saving } = useEntityForm({
    resourcePath: '/api/auth/reset-password',
    schema: resetPasswordBody,
    initialValues: { phoneNumber: phone, code: '', password: '', confirmPassword: '' },
    toBody: ({ phoneNumber, code, password }) => ({ phoneNumber, code: toLatinDigits(code), password }),
    validate: (values, errors) => {
      if (values.confirmPassword !== values.password) errors.confirmPassword = 'كلمتا المرور غير متطابقتين';
    },
    save: (body) => api('/api/auth/reset-password', { method: 'POST', body, retry: 0 }),
    guardUnsaved: false,
    successMessage: 'تم تغيير كلمة المرور بنجاح، سجّل الدخول الآن',
    onSaved: () => navigate('/auth/signin', { replace: true }),
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Alert color="teal" icon={<IconInfoCircle size={18} />} role="status">
          {CODE_SENT}
        </Alert>
        <TextInput
          label="رمز التحقق"
          description="الرمز المكوّن من 6 أرقام"
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          maxLength={6}
          autoFocus
          withAsterisk
          leftSection={<IconKey size={16} />}
          {...form.getInputProps('code')}
        />
        <NewPasswordFields
          password={form.getInputProps('password')}
          confirm={form.getInputProps('confirmPassword')}
          confirmLabel="تأكيد كلمة المرور"
        />
        <Button type="submit" loading={saving} fullWidth>
          تغيير كلمة المرور
        </Button>
        <Button variant="subtle" size="xs" onClick={onBack} leftSection={<IconArrowRight size={14} />}>
          تغيير الرقم أو إعادة إرسال الرمز
        </Button>
      </Stack>
    </form>
  );
}

/** Forgot password: phone → code + new password → sign-in with a success toast. */
export default function ForgotPasswordPage() {
  const [phone, setPhone] = useState<string | null>(null);
  const [lastPhone, setLastPhone] = useState('');
  return (
    <AuthCard
      title="نسيت كلمة المرور"
      subtitle={phone ? 'أدخل رمز التحقق وكلمة المرور الجديدة' : 'استعد الوصول إلى حسابك'}
    >
      {phone ? (
        <ResetForm
          phone={phone}
          onBack={() => {
            setLastPhone(phone);
            setPhone(null);
          }}
        />
      ) : (
        <RequestCodeForm initialPhone={lastPhone} onSent={setPhone} />
      )}
      <Group justify="center" mt="lg">
        <Anchor component={Link} to="/auth/signin" size="sm">
          العودة إلى تسجيل الدخول
        </Anchor>
      </Group>
    </AuthCard>
  );
}
