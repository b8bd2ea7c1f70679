import {
  allPermissions,
  dueOf,
  fromHalalas,
  orderValueOf,
  type PaymentOrderSummary,
  type PaymentStatus,
  paymentTransitionPermission,
  toHalalas,
} from '@idara/domain';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconArrowRight,
  IconCash,
  IconCircleCheck,
  IconCircleX,
  IconEdit,
  IconInfoCircle,
  IconPrinter,
  IconReceipt,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ask, ReasonModal } from '../../components/confirm';
import { DateTime, Money } from '../../components/data-table';
import { InfoAlert } from '../../components/feedback';
import { InfoItem, LoadError } from '../../components/page';
import { useBusy } from '../../components/use-busy';
import { can, useAuth, useCan } from '../../lib/auth';
import { useSettings } from '../../lib/settings';
import { notify } from '../../lib/toast';
import { DocumentFrame } from '../invoice/DocumentFrame';
import { DocumentHeader, DownloadButton } from '../invoice/DocumentHeader';
import { documentPath } from '../invoice/invoice-api';
import classes from './InvoicePage.module.css';
import {
  changePaymentStatus,
  downloadInvoicePdf,
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
    return <LoadError query={query} backTo={PAYMENT_BASE} backLabel="العودة إلى الحسابات" />;
  }
  return <InvoiceView payment={query.data} />;
}

function InvoiceView({ payment }: { payment: PaymentDetails }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const canEdit = useCan('payment:update');
  const [busy, run] = useBusy<PaymentStatus | 'pdf'>();
  const [rejecting, setRejecting] = useState(false);
  const orderId = orderIdOf(payment);
  const orderNumber = typeof payment.order === 'string' ? payment.orderNumber : payment.order.number;
  const invoice = payment.invoice;
  const canInvoice = useCan('invoice:details');

  const settings = useSettings().data;
  // Four eyes: the recorder of a payment does not review it; an administrator may, saying why.
  const own = Boolean(settings?.fourEyes && user && payment.requestedBy === user._id);
  const admin = Boolean(user && allPermissions.every((p) => user.permissions.includes(p)));
  const reviewMove = (s: PaymentStatus) => s === 'approved' || s === 'rejected';
  const [overriding, setOverriding] = useState(false);
  const moves = (payment.allowedStatuses ?? []).filter(
    (s): s is Exclude<PaymentStatus, 'pending'> =>
      s !== 'pending' &&
      can(user, [paymentTransitionPermission[s as Exclude<PaymentStatus, 'pending'>]]) &&
      !(own && !admin && reviewMove(s)),
  );
  const reviewBlocked = own && !admin && (payment.allowedStatuses ?? []).some(reviewMove);

  const move = async (
    status: Exclude<PaymentStatus, 'pending'>,
    reason?: string,
    overrideReason?: string,
  ) => {
    const done = await run(status, async () => {
      const details = await changePaymentStatus(payment._id, status, reason, overrideReason);
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
    });
    return done === true;
  };

  const onMove = async (status: Exclude<PaymentStatus, 'pending'>) => {
    if (status === 'rejected') {
      setRejecting(true);
      return;
    }
    if (status === 'approved' && own) {
      setOverriding(true);
      return;
    }
    const ok = await ask({
      header: status === 'approved' ? 'اعتماد الدفعة' : 'تسجيل الدفعة كمدفوعة',
      message:
        status === 'approved'
          ? `هل تريد اعتماد الدفعة رقم ${payment.number}؟`
          : `هل تأكدت من استلام مبلغ الدفعة رقم ${payment.number}؟ لا يمكن التراجع عن ذلك.`,
      acceptLabel: status === 'approved' ? 'اعتماد' : 'تسجيل كمدفوعة',
      rejectLabel: 'إلغاء',
      centered: true,
    });
    if (ok) await move(status);
  };

  const downloadPdf = () =>
    void run('pdf', () => downloadInvoicePdf(payment._id, `فاتورة-${invoice?.number ?? payment.number}.pdf`));

  return (
    <Stack gap="lg" className={classes.page}>
      <DocumentHeader
        className={classes.noPrint}
        title={
          <>
            الدفعة رقم <bdi>{payment.number}</bdi>
          </>
        }
        badge={<PaymentStatusBadge status={payment.status} size="lg" />}
        orderTo={orderPath(orderId)}
        orderNumber={orderNumber}
        about={<bdi>{payment.customerName}</bdi>}
        actions={
          <>
            {moves.map((s) => (
              <Button
                key={s}
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
                variant="light"
                leftSection={<IconEdit size={18} />}
              >
                تعديل
              </Button>
            )}
            <Button variant="default" leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
              طباعة
            </Button>
            {invoice && (
              <DownloadButton label="تحميل الفاتورة PDF" busy={busy === 'pdf'} onClick={downloadPdf} />
            )}
          </>
        }
      >
        {reviewBlocked && (
          <InfoAlert mt="md" data-testid="four-eyes">
            سجّلت هذه الدفعة بنفسك، فيعتمدها أو يرفضها زميل آخر.
          </InfoAlert>
        )}
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
          {typeof payment.order !== 'string' && <OrderMoneyItems order={payment.order} />}
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
      </DocumentHeader>

      {invoice ? (
        <Stack gap="sm">
          <Group justify="space-between" className={classes.noPrint}>
            <Text fw={600}>
              الفاتورة التي تسددها هذه الدفعة: <bdi>{invoice.number}</bdi>
            </Text>
            {canInvoice && (
              <Anchor component={Link} to={documentPath(invoice._id)} size="sm">
                صفحة الفاتورة والإشعارات
              </Anchor>
            )}
          </Group>
          {canInvoice && <DocumentFrame id={invoice._id} title={`الفاتورة ${invoice.number}`} />}
        </Stack>
      ) : (
        <Alert color="blue" icon={<IconReceipt size={18} />} title="لم تصدر الفاتورة الضريبية بعد">
          هذه الدفعة سند قبض. تصدر الفاتورة الضريبية للطلب مرة واحدة عند تسجيل أول دفعة كمدفوعة أو عند إكمال
          الطلب، ولا تتغير بعد ذلك.
        </Alert>
      )}

      <Group className={classes.noPrint}>
        <Button
          component={Link}
          to={PAYMENT_BASE}
          variant="subtle"
          leftSection={<IconArrowRight size={18} />}
        >
          العودة إلى الحسابات
        </Button>
      </Group>

      <ReasonModal
        opened={rejecting}
        title={`رفض الدفعة رقم ${payment.number}`}
        label="سبب الرفض"
        placeholder="مثل: لم يصل المبلغ إلى الحساب"
        submitLabel="رفض الدفعة"
        submitIcon={<IconCircleX size={16} />}
        color="red"
        busy={busy === 'rejected'}
        onClose={() => setRejecting(false)}
        onSubmit={async (reason) => {
          // Rejecting one's own payment, the reason is also why no colleague reviewed it.
          if (await move('rejected', reason, own ? reason : undefined)) setRejecting(false);
        }}
      />
      <ReasonModal
        opened={overriding}
        title={`اعتماد دفعة سجّلتها بنفسك (رقم ${payment.number})`}
        label="سبب الاعتماد دون مراجعة زميل"
        placeholder="مثل: المحاسب الآخر في إجازة"
        hint="الأصل أن يعتمد الدفعة غير من سجّلها. يُحفظ السبب في سجل النشاط."
        submitLabel="اعتماد"
        color="blue"
        busy={busy === 'approved'}
        onClose={() => setOverriding(false)}
        onSubmit={async (reason) => {
          if (await move('approved', undefined, reason)) setOverriding(false);
        }}
      />
    </Stack>
  );
}

function InvoiceSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="جارٍ التحميل…">
      <Paper withBorder p="lg">
        <Skeleton h={28} w={220} mb="md" radius="sm" />
        <Skeleton h={16} w="50%" radius="sm" />
      </Paper>
      <Paper withBorder p="xl">
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

/**
 * The order's money on a receipt, as packages/domain receivables.ts defines it: its value after its
 * notes, what was paid, and what the customer still owes on it (value − paid), invoiced or not.
 */
function OrderMoneyItems({ order }: { order: PaymentOrderSummary }) {
  const adjusted = toHalalas(order.adjusted);
  const value = orderValueOf({ total: toHalalas(order.total), adjusted });
  const owed = dueOf({ outstanding: toHalalas(order.outstanding), uninvoiced: toHalalas(order.uninvoiced) });
  return (
    <>
      <InfoItem label={adjusted === 0 ? 'إجمالي الطلب' : 'قيمة الطلب بعد الإشعارات'}>
        <Money value={fromHalalas(value)} />
      </InfoItem>
      <InfoItem label="المدفوع من الطلب">
        <Money value={order.paid} />
      </InfoItem>
      <InfoItem label={owed < 0 ? 'رصيد دائن للعميل' : 'المتبقي على العميل'}>
        <span data-testid="receipt-owed">
          <Money value={fromHalalas(Math.abs(owed))} />
        </span>
      </InfoItem>
    </>
  );
}
