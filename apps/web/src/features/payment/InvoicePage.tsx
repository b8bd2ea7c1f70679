import {
  formatDateTime,
  formatSaudiPhoneLocal,
  type PaymentStatus,
  paymentStatusBody,
  paymentTransitionPermission,
} from '@idara/domain';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconCash,
  IconCircleCheck,
  IconCircleX,
  IconDownload,
  IconEdit,
  IconInfoCircle,
  IconPrinter,
  IconReceipt,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ask } from '../../components/confirm';
import { DateTime, Money } from '../../components/data-table';
import { can, useAuth, useCan } from '../../lib/auth';
import { notify } from '../../lib/toast';
import { InfoItem, LoadError } from '../customer/ui';
import classes from './InvoicePage.module.css';
import {
  changePaymentStatus,
  downloadInvoicePdf,
  type Invoice,
  orderIdOf,
  orderPath,
  PAYMENT_BASE,
  type PaymentDetails,
  paymentKey,
  refreshAfterPaymentChange,
  usePayment,
} from './payment-api';
import { formatDay, PaymentStatusBadge } from './payment-ui';

const PRINT_CLASS = 'idara-invoice-print';

/** '15.00' / 15 → '15' (a rate for display, not money). */
function formatRate(rate: number | string | null | undefined): string {
  const n = Number(rate);
  return Number.isFinite(n) ? String(n) : String(rate ?? '');
}

const ACTION: Record<Exclude<PaymentStatus, 'pending'>, { label: string; icon: ReactNode; color: string }> = {
  approved: { label: 'اعتماد الدفعة', icon: <IconCircleCheck size={18} />, color: 'blue' },
  paid: { label: 'تسجيل كمدفوعة', icon: <IconCash size={18} />, color: 'teal' },
  rejected: { label: 'رفض الدفعة', icon: <IconCircleX size={18} />, color: 'red' },
};

export default function InvoicePage() {
  const { id } = useParams();
  const query = usePayment(id);

  useEffect(() => {
    const root = document.documentElement;
    // The print stylesheet applies only while an invoice is on screen.
    root.classList.add(PRINT_CLASS);
    // Paper is white: print in the light scheme whatever the screen shows.
    let restore: (() => void) | null = null;
    const before = () => {
      if (restore) return;
      const scheme = root.getAttribute('data-mantine-color-scheme');
      const dark = root.classList.contains('dark');
      root.setAttribute('data-mantine-color-scheme', 'light');
      root.classList.remove('dark');
      restore = () => {
        if (scheme) root.setAttribute('data-mantine-color-scheme', scheme);
        root.classList.toggle('dark', dark);
        restore = null;
      };
    };
    const after = () => restore?.();
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
      after();
      root.classList.remove(PRINT_CLASS);
    };
  }, []);

  if (query.isPending) return <InvoiceSkeleton />;
  if (query.isError || !query.data) {
    return (
      <LoadError
        error={query.error}
        onRetry={() => void query.refetch()}
        backTo={PAYMENT_BASE}
        backLabel="العودة إلى الحسابات"
      />
    );
  }
  return <InvoiceView payment={query.data} />;
}

function InvoiceView({ payment }: { payment: PaymentDetails }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const canEdit = useCan('payment:update');
  const canOrder = useCan('order:details');
  const [busy, setBusy] = useState<PaymentStatus | 'pdf' | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const orderId = orderIdOf(payment);
  const orderNumber = typeof payment.order === 'string' ? payment.orderNumber : payment.order.number;
  const invoice = payment.invoice;

  const moves = (payment.allowedStatuses ?? []).filter(
    (s): s is Exclude<PaymentStatus, 'pending'> =>
      s !== 'pending' && can(user, [paymentTransitionPermission[s as Exclude<PaymentStatus, 'pending'>]]),
  );

  const move = async (status: Exclude<PaymentStatus, 'pending'>, reason?: string) => {
    setBusy(status);
    try {
      const details = await changePaymentStatus(payment._id, status, reason);
      if (details?._id) queryClient.setQueryData(paymentKey(payment._id), details);
      notify.success(
        status === 'approved'
          ? 'تم اعتماد الدفعة'
          : status === 'paid'
            ? 'تم تسجيل الدفعة كمدفوعة'
            : 'تم رفض الدفعة',
      );
      refreshAfterPaymentChange(queryClient);
      return true;
    } catch {
      return false; // the API client showed the Arabic message
    } finally {
      setBusy(null);
    }
  };

  const onMove = async (status: Exclude<PaymentStatus, 'pending'>) => {
    if (status === 'rejected') {
      setRejecting(true);
      return;
    }
    const ok = await ask({
      header: status === 'approved' ? 'اعتماد الدفعة' : 'تسجيل الدفعة كمدفوعة',
      message:
        status === 'approved'
          ? `هل تريد اعتماد الفاتورة رقم ${payment.number}؟`
          : `هل تأكدت من استلام مبلغ الفاتورة رقم ${payment.number}؟ لا يمكن التراجع عن ذلك.`,
      acceptLabel: status === 'approved' ? 'اعتماد' : 'تسجيل كمدفوعة',
      rejectLabel: 'إلغاء',
      centered: true,
    });
    if (ok) await move(status);
  };

  const downloadPdf = async () => {
    setBusy('pdf');
    try {
      await downloadInvoicePdf(payment._id, `فاتورة-${payment.number}.pdf`);
    } catch {
      // toasted by the API client
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="lg" className={classes.page}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} className={classes.noPrint}>
        <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Group gap="sm" wrap="wrap">
              <Title order={2} fz="h3">
                الفاتورة رقم <bdi>{payment.number}</bdi>
              </Title>
              <PaymentStatusBadge status={payment.status} size="lg" />
            </Group>
            <Text size="sm" c="dimmed">
              {canOrder ? (
                <Anchor component={Link} to={orderPath(orderId)} size="sm">
                  طلب رقم <bdi>{orderNumber}</bdi>
                </Anchor>
              ) : (
                <>
                  طلب رقم <bdi>{orderNumber}</bdi>
                </>
              )}{' '}
              — {payment.customerName}
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap">
            {moves.map((s) => (
              <Button
                key={s}
                size="sm"
                radius="xl"
                variant={s === 'rejected' ? 'light' : 'filled'}
                color={ACTION[s].color}
                leftSection={ACTION[s].icon}
                loading={busy === s}
                disabled={busy !== null && busy !== s}
                onClick={() => void onMove(s)}
              >
                {ACTION[s].label}
              </Button>
            ))}
            {canEdit && payment.status === 'pending' && (
              <Button
                component={Link}
                to={`${PAYMENT_BASE}/edit/${payment._id}`}
                size="sm"
                radius="xl"
                variant="light"
                leftSection={<IconEdit size={18} />}
              >
                تعديل
              </Button>
            )}
            <Button
              size="sm"
              radius="xl"
              variant="default"
              leftSection={<IconPrinter size={18} />}
              onClick={() => window.print()}
            >
              طباعة
            </Button>
            <Button
              size="sm"
              radius="xl"
              variant="default"
              leftSection={<IconDownload size={18} />}
              loading={busy === 'pdf'}
              onClick={() => void downloadPdf()}
            >
              تحميل PDF
            </Button>
          </Group>
        </Group>

        {payment.status === 'rejected' && (
          <Alert
            mt="md"
            color="red"
            variant="light"
            icon={<IconCircleX size={18} />}
            title="سبب الرفض"
            data-testid="rejection-reason"
          >
            {payment.rejectionReason || '—'}
          </Alert>
        )}

        <Divider my="md" />
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <InfoItem label="طريقة الدفع">{payment.paymentMethodName}</InfoItem>
          <InfoItem label="تاريخ الاستحقاق">
            {payment.dueDate ? <bdi>{formatDay(payment.dueDate)}</bdi> : ''}
          </InfoItem>
          <InfoItem label="تاريخ الدفع">{payment.paidAt ? <DateTime value={payment.paidAt} /> : ''}</InfoItem>
          <InfoItem label="تاريخ الإنشاء">
            <DateTime value={payment.createdAt} />
          </InfoItem>
          {typeof payment.order !== 'string' && (
            <>
              <InfoItem label="إجمالي الطلب">
                <Money value={payment.order.total} />
              </InfoItem>
              <InfoItem label="المدفوع من الطلب">
                <Money value={payment.order.paid} />
              </InfoItem>
              <InfoItem label="المتبقي على الطلب">
                <Money value={payment.order.balance} />
              </InfoItem>
            </>
          )}
          {payment.reviewedAt && (
            <InfoItem label="تاريخ المراجعة">
              <DateTime value={payment.reviewedAt} />
            </InfoItem>
          )}
        </SimpleGrid>
        {payment.note && (
          <Group gap={6} mt="md" wrap="nowrap" align="flex-start">
            <IconInfoCircle size={18} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
            <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {payment.note}
            </Text>
          </Group>
        )}
      </Paper>

      {invoice ? (
        <InvoiceSheet invoice={invoice} />
      ) : (
        <Alert color="yellow" icon={<IconReceipt size={18} />}>
          لا تتوفر بيانات الفاتورة.
        </Alert>
      )}

      <Group className={classes.noPrint}>
        <Button
          component={Link}
          to={PAYMENT_BASE}
          size="sm"
          radius="xl"
          variant="subtle"
          leftSection={<IconArrowRight size={18} />}
        >
          العودة إلى الحسابات
        </Button>
      </Group>

      <RejectModal
        opened={rejecting}
        number={payment.number}
        busy={busy === 'rejected'}
        onClose={() => setRejecting(false)}
        onSubmit={async (reason) => {
          if (await move('rejected', reason)) setRejecting(false);
        }}
      />
    </Stack>
  );
}

/** The simplified tax invoice itself (what is printed). */
function InvoiceSheet({ invoice }: { invoice: Invoice }) {
  const rate = formatRate(invoice.taxRate);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', xs: 'md', sm: 'xl' }}
      className={classes.sheet}
      component="article"
      aria-label={`فاتورة ضريبية مبسطة رقم ${invoice.number}`}
      data-testid="invoice-sheet"
    >
      <Stack gap="lg">
        <div className={classes.head}>
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Title order={2} fz="h2">
              فاتورة ضريبية مبسطة
            </Title>
            <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
              {invoice.seller.name}
            </Text>
            {invoice.seller.vatNumber && (
              <Text size="sm">
                الرقم الضريبي: <bdi dir="ltr">{invoice.seller.vatNumber}</bdi>
              </Text>
            )}
            {invoice.seller.address && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {invoice.seller.address}
              </Text>
            )}
          </Stack>
          <InvoiceQr value={invoice.qr} />
        </div>

        <div className={classes.meta}>
          <InfoItem label="رقم الفاتورة">
            <bdi>{invoice.number}</bdi>
          </InfoItem>
          <InfoItem label="تاريخ الإصدار">
            <bdi>{invoice.gregorianDate}</bdi>
          </InfoItem>
          <InfoItem label="التاريخ الهجري">
            <bdi>{invoice.hijriDate}</bdi>
          </InfoItem>
          <InfoItem label="وقت الإصدار">
            {invoice.issuedAt ? <bdi>{formatDateTime(invoice.issuedAt)}</bdi> : ''}
          </InfoItem>
        </div>

        <div>
          <Text fw={600} mb={6}>
            العميل
          </Text>
          <div className={classes.meta}>
            <InfoItem label="الاسم">{invoice.buyer.name}</InfoItem>
            <InfoItem label="الرقم الضريبي">
              {invoice.buyer.vatNumber ? <bdi dir="ltr">{invoice.buyer.vatNumber}</bdi> : ''}
            </InfoItem>
            <InfoItem label="رقم الجوال">
              {invoice.buyer.phoneNumber ? (
                <bdi dir="ltr">{formatSaudiPhoneLocal(invoice.buyer.phoneNumber)}</bdi>
              ) : (
                ''
              )}
            </InfoItem>
          </div>
        </div>

        <Table.ScrollContainer minWidth={300} type="native">
          <Table
            withTableBorder
            withColumnBorders
            className={classes.lines}
            verticalSpacing="xs"
            horizontalSpacing="xs"
            fz={{ base: 'xs', sm: 'sm' }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={32} visibleFrom="xs">
                  #
                </Table.Th>
                <Table.Th>الخدمة</Table.Th>
                <Table.Th>الكمية</Table.Th>
                <Table.Th>سعر الوحدة</Table.Th>
                <Table.Th>الإجمالي</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.lines.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text size="sm" c="dimmed" ta="center">
                      لا توجد بنود
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                invoice.lines.map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: invoice lines have no id and never reorder
                  <Table.Tr key={i}>
                    <Table.Td visibleFrom="xs">
                      <bdi>{i + 1}</bdi>
                    </Table.Td>
                    <Table.Td className={classes.name}>{line.name}</Table.Td>
                    <Table.Td>
                      <bdi>{line.quantity}</bdi>
                    </Table.Td>
                    <Table.Td>
                      <Money value={line.unitPrice} />
                    </Table.Td>
                    <Table.Td>
                      <Money value={line.lineTotal} />
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>

        <div className={classes.totals} data-testid="invoice-totals">
          {invoice.subtotal && <TotalRow label="المجموع" value={invoice.subtotal} />}
          <TotalRow label="الخصم" value={invoice.discount} />
          <TotalRow label="الإجمالي قبل الضريبة" value={invoice.net} />
          <TotalRow
            label={
              <>
                ضريبة القيمة المضافة (<bdi>{rate}%</bdi>)
              </>
            }
            value={invoice.taxAmount}
          />
          <TotalRow label="الإجمالي شامل الضريبة" value={invoice.total} grand />
        </div>

        {invoice.totalInWords && (
          <Text size="sm" className={classes.words} data-testid="invoice-words">
            المبلغ كتابةً: {invoice.totalInWords}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function TotalRow({ label, value, grand }: { label: ReactNode; value: string; grand?: boolean }) {
  return (
    <div className={`${classes.totalRow} ${grand ? classes.grand : ''}`}>
      <span>{label}</span>
      <Money value={value} />
    </div>
  );
}

/** The ZATCA TLV (base64) encoded as is into a QR code image. */
function InvoiceQr({ value }: { value: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setSrc(null);
    setFailed(false);
    if (!value) {
      setFailed(true);
      return;
    }
    QRCode.toDataURL(value, { errorCorrectionLevel: 'M', margin: 1, width: 264 })
      .then((url) => {
        if (live) setSrc(url);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [value]);

  if (failed) {
    return (
      <Text size="xs" c="dimmed" className={classes.qrPlaceholder}>
        تعذر إنشاء رمز الاستجابة السريعة
      </Text>
    );
  }
  if (!src) return <Skeleton className={classes.qrPlaceholder} radius="md" />;
  return (
    <img
      src={src}
      alt="رمز الاستجابة السريعة للفاتورة الضريبية (هيئة الزكاة والضريبة والجمارك)"
      data-testid="invoice-qr"
      className={classes.qr}
      width={132}
      height={132}
    />
  );
}

function RejectModal({
  opened,
  number,
  busy,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  number: number;
  busy: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => void | Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setReason('');
      setError(null);
    }
  }, [opened]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = paymentStatusBody.safeParse({ status: 'rejected', reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'اكتب سبب الرفض');
      return;
    }
    void onSubmit(parsed.data.reason);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`رفض الفاتورة رقم ${number}`}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': 'إغلاق' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Textarea
            label="سبب الرفض"
            withAsterisk
            placeholder="مثل: لم يصل المبلغ إلى الحساب"
            autosize
            minRows={3}
            maxRows={6}
            maxLength={500}
            value={reason}
            error={error}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              if (error) setError(null);
            }}
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="sm" onClick={onClose}>
              إلغاء
            </Button>
            <Button
              type="submit"
              color="red"
              size="sm"
              loading={busy}
              leftSection={<IconCircleX size={16} />}
            >
              رفض الدفعة
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function InvoiceSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="جارٍ التحميل…">
      <Paper withBorder radius="lg" p="lg">
        <Skeleton h={28} w={220} mb="md" radius="sm" />
        <Skeleton h={16} w="50%" radius="sm" />
      </Paper>
      <Paper withBorder radius="lg" p="xl">
        <Group justify="space-between" align="flex-start" mb="lg">
          <Stack gap="sm" style={{ flex: 1 }}>
            <Skeleton h={30} w={240} radius="sm" />
            <Skeleton h={18} w={180} radius="sm" />
            <Skeleton h={14} w={140} radius="sm" />
          </Stack>
          <Skeleton h={132} w={132} radius="md" />
        </Group>
        <Skeleton h={140} radius="sm" />
      </Paper>
    </Stack>
  );
}
