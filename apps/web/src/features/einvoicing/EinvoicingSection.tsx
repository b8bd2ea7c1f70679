import type { EinvoicingState } from '@idara/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Paper,
  PinInput,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconPlugConnected,
  IconPlugConnectedX,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { DateTime } from '../../components/data-table';
import { api } from '../../lib/api';
import { isApiError } from '../../lib/api-error';
import { useCan } from '../../lib/auth';
import { notify } from '../../lib/toast';
import { ASK_ADMIN, Mono, TechnicalInfo, TechnicalItem, useIsAdmin } from '../settings/TechnicalInfo';
import { einvoicingQueryKey, useEinvoicing } from './einvoicing-api';

const ENVIRONMENTS: Record<EinvoicingState['environment'], string> = {
  'developer-portal': 'بوابة المطورين (تجريبية)',
  simulation: 'بيئة المحاكاة',
  core: 'البيئة الفعلية',
};

/**
 * «الفوترة الإلكترونية» in settings: whether the business is connected to FATOORA, and connecting it
 * (or renewing) with the one-time code from the FATOORA portal. The server does the rest: keys,
 * certificate request, compliance checks, production certificate.
 */
export function EinvoicingSection() {
  const canOnboard = useCan('invoice:onboard');
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();
  const state = useEinvoicing();
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** A new production certificate could only be had by connecting again (renewal refused). */
  const [reconnect, setReconnect] = useState(false);
  const connected = Boolean(state.data?.connected);
  const expired = (state.data?.credential?.daysLeft ?? 0) < 0;

  const connect = async () => {
    if (!/^\d{6}$/.test(otp)) {
      setOtpError('أدخل رمز التحقق المكوّن من 6 أرقام');
      return;
    }
    // Renewal keeps the unit and needs a certificate FATOORA still accepts; otherwise connect anew.
    const renewing = connected && !expired && !reconnect;
    setBusy(true);
    setOtpError(null);
    try {
      await api(renewing ? '/api/einvoicing/renew' : '/api/einvoicing/onboard', {
        method: 'POST',
        body: { otp },
        stopAlert: true,
      });
      notify.success(
        renewing
          ? 'تم تجديد شهادة «فاتورة»'
          : 'تم الربط بمنصة «فاتورة»: الفواتير القادمة تُرسل إلى الهيئة تلقائياً',
      );
      setOtp('');
      setReconnect(false);
      await queryClient.invalidateQueries({ queryKey: einvoicingQueryKey });
    } catch (e) {
      if (isApiError(e) && e.body.code === 'reconnect') setReconnect(true);
      if (isApiError(e) && e.fieldErrors?.otp) setOtpError(e.fieldErrors.otp);
      notify.error(e instanceof Error ? e.message : 'تعذّر الربط بمنصة «فاتورة»');
    } finally {
      setBusy(false);
    }
  };
  const action =
    connected && !expired && !reconnect
      ? 'تجديد الشهادة'
      : connected
        ? 'إعادة الربط'
        : 'الربط بمنصة «فاتورة»';

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="einvoicing-section">
      <Title order={2} fz="h4" mb="md">
        الفوترة الإلكترونية (منصة «فاتورة»)
      </Title>
      {state.isPending ? (
        <Skeleton height={120} radius="md" />
      ) : state.isError ? (
        <Alert color="red">تعذّر تحميل حالة الربط.</Alert>
      ) : (
        <Stack>
          {state.data.connected && state.data.credential ? (
            <Alert
              color={expired ? 'red' : 'teal'}
              icon={<IconPlugConnected size={18} />}
              title={expired ? 'انتهت صلاحية شهادة «فاتورة»' : 'مرتبط بمنصة «فاتورة»'}
            >
              <Stack gap={4}>
                <Text size="sm">
                  البيئة:{' '}
                  {ENVIRONMENTS[state.data.credential.environment as EinvoicingState['environment']] ??
                    state.data.credential.environment}
                </Text>
                <Text size="sm">
                  {expired ? 'انتهت الشهادة في' : 'الشهادة سارية حتى'}{' '}
                  <DateTime value={state.data.credential.notAfter} />{' '}
                  {!expired && (
                    <Badge color={state.data.credential.daysLeft < 30 ? 'orange' : 'teal'} variant="light">
                      متبقٍ {state.data.credential.daysLeft} يوماً
                    </Badge>
                  )}
                </Text>
                {expired && (
                  <Text size="sm" fw={600}>
                    لا تقبل الهيئة الوثائق الجديدة بهذه الشهادة: أعد الربط برمز تحقق جديد، وتُرسل الوثائق
                    المنتظرة تلقائياً بعده.
                  </Text>
                )}
                {!expired && state.data.credential.daysLeft < 30 && (
                  <Text size="sm">جدّد الشهادة قبل انتهائها برمز تحقق جديد من بوابة «فاتورة» (أدناه).</Text>
                )}
              </Stack>
            </Alert>
          ) : (
            <Alert color="gray" icon={<IconPlugConnectedX size={18} />} title="غير مرتبط">
              تصدر الفواتير كاملة وموقّعة بشهادة محلية ومعلّمة «غير مرتبط»، ولا تُرسل إلى الهيئة حتى يتم الربط.
            </Alert>
          )}

          {(state.data.attention.rejected > 0 || state.data.attention.overdue > 0) && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} title="وثائق تحتاج انتباهك">
              <List size="sm">
                {state.data.attention.rejected > 0 && (
                  <List.Item>
                    <Anchor component={Link} to="/dashboard/invoice?status=rejected">
                      {state.data.attention.rejected} وثيقة رفضتها الهيئة
                    </Anchor>
                  </List.Item>
                )}
                {state.data.attention.overdue > 0 && (
                  <List.Item>
                    <Anchor component={Link} to="/dashboard/invoice?status=pending">
                      {state.data.attention.overdue} فاتورة مبسطة لم تُبلّغ منذ أكثر من 20 ساعة (المهلة 24 ساعة)
                    </Anchor>
                  </List.Item>
                )}
              </List>
            </Alert>
          )}

          {!state.data.publicUrl && (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="public-url-missing">
              {isAdmin
                ? 'لم يُضبط عنوان النظام العام على الخادم: اضبطه (انظر «معلومات تقنية» أدناه) قبل إرسال روابط الفواتير للعملاء عبر واتساب.'
                : `لم يُضبط عنوان النظام على الخادم بعد، فلا تصل روابط الفواتير إلى العملاء عبر واتساب: ${ASK_ADMIN} ضبطه.`}
            </Alert>
          )}

          {isAdmin && (!state.data.publicUrl || state.data.credential) && (
            <TechnicalInfo testId="einvoicing-technical">
              {!state.data.publicUrl && (
                <TechnicalItem label="عنوان النظام العام">
                  غير مضبوط: اضبط المتغير <Mono>PUBLIC_URL</Mono> على الخادم بعنوان النظام كما يفتحه العملاء
                  (مثل <Mono>https://idara.example.sa</Mono>) ثم أعد تشغيله.
                </TechnicalItem>
              )}
              {state.data.credential && (
                <TechnicalItem label="الرقم التسلسلي لشهادة «فاتورة»">
                  <Mono>{state.data.credential.serialNumber}</Mono>
                </TechnicalItem>
              )}
            </TechnicalInfo>
          )}

          {canOnboard && (
            <Stack gap="sm">
              {!state.data.seller.ready ? (
                <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="أكمل بيانات البائع أولاً">
                  <List size="sm">
                    {Object.values(state.data.seller.fieldErrors).map((m) => (
                      <List.Item key={m}>{m}</List.Item>
                    ))}
                  </List>
                </Alert>
              ) : (
                <>
                  <Text size="sm">
                    {action === 'تجديد الشهادة' ? 'لتجديد الشهادة' : 'للربط'}: ادخل إلى بوابة «فاتورة» على
                    موقع هيئة الزكاة والضريبة والجمارك، اختر «تسجيل وحدة جديدة» وأنشئ رمز تحقق (OTP)، ثم أدخله
                    هنا خلال ساعة. يتولى النظام الباقي: المفاتيح وطلب الشهادة وفحوص المطابقة وشهادة الإنتاج.
                  </Text>
                  <Group align="flex-end" wrap="wrap">
                    <Stack gap={4} w="fit-content">
                      <Text size="sm" fw={500} id="otp-label">
                        رمز التحقق من بوابة «فاتورة»
                      </Text>
                      <PinInput
                        length={6}
                        type="number"
                        oneTimeCode
                        value={otp}
                        onChange={(v) => {
                          setOtp(v);
                          setOtpError(null);
                        }}
                        error={Boolean(otpError)}
                        aria-labelledby="otp-label"
                        dir="ltr"
                        w="fit-content"
                        styles={{ input: { width: 44, flex: 'none' } }}
                      />
                      {otpError && (
                        <Text size="xs" c="red">
                          {otpError}
                        </Text>
                      )}
                    </Stack>
                    <Button
                      loading={busy}
                      leftSection={<IconCircleCheck size={18} />}
                      onClick={() => void connect()}
                    >
                      {action}
                    </Button>
                  </Group>
                  {busy && (
                    <Text size="xs" c="dimmed" role="status">
                      {action === 'تجديد الشهادة'
                        ? 'جارٍ تجديد الشهادة…'
                        : 'جارٍ الربط: إصدار الشهادة وفحوص المطابقة قد تستغرق دقيقة…'}
                    </Text>
                  )}
                </>
              )}
            </Stack>
          )}
        </Stack>
      )}
    </Paper>
  );
}
