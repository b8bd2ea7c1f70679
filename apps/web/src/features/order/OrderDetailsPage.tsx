import {
  formatGregorianDate,
  formatHijriDate,
  formatQuantity,
  formatSAR,
  formatSaudiPhoneLocal,
  fromHalalas,
  type OrderStatus,
  orderStatusActions,
  orderStatusLabels,
  orderTotals,
  orderTransitions,
  orderValueOf,
  receivableLabels,
  toHalalas,
  unitInfo,
  unitOf,
} from '@idara/domain';
import { Anchor, Badge, Button, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBan, IconCircleCheck, IconPlayerPlay, IconReceipt, IconRotate } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DateText, Ltr } from '../../components/bidi';
import { ask, ReasonModal } from '../../components/confirm';
import { Money, RecordNumber, useDeleteRecord } from '../../components/data-table';
import { DeleteAction, DetailsHeader, DetailsTitle, EditAction } from '../../components/entity';
import { CompactTable, EmptyState, InfoItem, NOWRAP, RecordPage, Section } from '../../components/page';
import { TaxBadge } from '../../components/tax';
import { useCan } from '../../lib/auth';
import { dayNoon } from '../../lib/riyadh-day';
import { notify } from '../../lib/toast';
import { ActivityTimeline } from '../customer/ActivityTimeline';
import { documentPath, issueOrderInvoice, refreshAfterDocument } from '../invoice/invoice-api';
import OrderPaymentsCard from '../payment/OrderPaymentsCard';
import OrderTasksCard from '../task/OrderTasksCard';
import classes from './OrderForm.module.css';
import { VatRows } from './OrderTotalsPreview';
import {
  afterOrderChanged,
  BACK_TO_ORDERS,
  changeOrderStatus,
  isClosed,
  ORDER_PATH,
  type Order,
  type OrderItem,
  orderKey,
  taxRateOf,
  useOrder,
  useUserOptions,
} from './order-api';
import { OrderStatusBadge } from './order-ui';

const BASE = '/dashboard/order';

export default function OrderDetailsPage() {
  return (
    <RecordPage useRecord={useOrder} sections={3} {...BACK_TO_ORDERS}>
      {(order) => <OrderDetails order={order} />}
    </RecordPage>
  );
}

const statusIcons: Record<OrderStatus, ReactNode> = {
  new: <IconRotate size={16} />,
  in_progress: <IconPlayerPlay size={16} />,
  completed: <IconCircleCheck size={16} />,
  cancelled: <IconBan size={16} />,
};

const statusButtonColor: Record<OrderStatus, string> = {
  new: 'blue',
  in_progress: 'orange',
  completed: 'teal',
  cancelled: 'red',
};

function OrderDetails({ order }: { order: Order }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canUpdate = useCan('order:update');
  const canDelete = useCan('order:delete');
  const canCustomer = useCan('customer:details');
  const canActivity = useCan('activity:read');
  const [moving, setMoving] = useState<OrderStatus | null>(null);
  const [creditReason, setCreditReason] = useState(false);
  const canCredit = useCan('invoice:credit');
  const invoiced = toHalalas(order.invoiced);

  // What the server says the order may do now; never more than the domain's transitions.
  const moves = (order.allowedStatuses ?? []).filter((s) => orderTransitions[order.status]?.includes(s));

  const remove = useDeleteRecord(ORDER_PATH, {
    onDeleted: (id) => {
      queryClient.removeQueries({ queryKey: orderKey(id) });
      navigate(BASE, { replace: true });
    },
  });

  const move = async (status: OrderStatus, reason?: string) => {
    // An invoiced order is cancelled with a credit note, whose reason the user gives.
    if (status === 'cancelled' && invoiced !== 0 && canCredit && reason === undefined) {
      setCreditReason(true);
      return;
    }
    if (status === 'cancelled' && reason === undefined) {
      const ok = await ask({
        header: 'إلغاء الطلب',
        message: `هل تريد إلغاء الطلب رقم ${order.number}؟ لا يمكن تعديل الطلب أو إعادة فتحه بعد الإلغاء.`,
        acceptLabel: 'إلغاء الطلب',
        rejectLabel: 'تراجع',
        danger: true,
        centered: true,
      });
      if (!ok) return;
    }
    setMoving(status);
    try {
      const saved = await changeOrderStatus(order._id, status, reason);
      afterOrderChanged(queryClient, saved);
      if (reason !== undefined) {
        refreshAfterDocument(queryClient);
        setCreditReason(false);
      }
      if (!saved || !Array.isArray(saved.items))
        await queryClient.invalidateQueries({ queryKey: orderKey(order._id) });
      notify.success(`تم تغيير حالة الطلب إلى «${orderStatusLabels[status]}»`);
    } catch {
      // the API client showed the Arabic message (409 for a move that is not allowed)
      void queryClient.invalidateQueries({ queryKey: orderKey(order._id) });
    } finally {
      setMoving(null);
    }
  };

  return (
    <Stack gap="lg">
      <DetailsHeader
        avatar={{ size: 56, color: 'blue', children: <IconReceipt size={28} /> }}
        actions={
          <>
            {canUpdate &&
              moves.map((s) => (
                <Button
                  key={s}
                  variant={s === 'cancelled' ? 'light' : 'filled'}
                  color={statusButtonColor[s]}
                  leftSection={statusIcons[s]}
                  loading={moving === s}
                  disabled={moving !== null && moving !== s}
                  onClick={() => void move(s)}
                >
                  {orderStatusActions[s]}
                </Button>
              ))}
            {canUpdate && !isClosed(order.status) && <EditAction to={`${BASE}/edit/${order._id}`} />}
            {canDelete && (
              <DeleteAction onClick={() => remove({ _id: order._id, name: `الطلب رقم ${order.number}` })} />
            )}
          </>
        }
      >
        <Group gap="xs" wrap="wrap">
          <DetailsTitle>
            الطلب <RecordNumber value={order.number} inherit />
          </DetailsTitle>
          <span data-testid="order-status">
            <OrderStatusBadge status={order.status} />
          </span>
        </Group>
        <Text size="sm" c="dimmed">
          أُنشئ <DateText value={order.createdAt} />
        </Text>
      </DetailsHeader>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section title="العميل">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <InfoItem label="الاسم">
              {canCustomer ? (
                <Anchor component={Link} to={`/dashboard/customer/${order.customer}`} fw={600}>
                  <bdi>{order.customerName}</bdi>
                </Anchor>
              ) : (
                order.customerName
              )}
            </InfoItem>
            <InfoItem label="رقم الجوال">
              {order.customerPhone ? <Ltr>{formatSaudiPhoneLocal(order.customerPhone)}</Ltr> : ''}
            </InfoItem>
            <InfoItem label="المدينة">{order.cityName ?? ''}</InfoItem>
            <InfoItem label="نوع العقد">{order.contractName ?? ''}</InfoItem>
            <div style={{ gridColumn: '1 / -1', minWidth: 0 }}>
              <InfoItem label="العنوان">{order.address}</InfoItem>
            </div>
          </SimpleGrid>
        </Section>
        <Section title="الجدولة والفريق">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <InfoItem label="موعد التنفيذ">
              {order.scheduledAt ? <DateWithHijri iso={order.scheduledAt} /> : ''}
            </InfoItem>
            <InfoItem label="آخر تعديل">
              <DateText value={order.updatedAt} />
            </InfoItem>
            <InfoItem label="تاريخ البداية">
              {order.startDate ? <DateWithHijri day={order.startDate} /> : ''}
            </InfoItem>
            <InfoItem label="تاريخ النهاية">
              {order.endDate ? <DateWithHijri day={order.endDate} /> : ''}
            </InfoItem>
            <div style={{ gridColumn: '1 / -1', minWidth: 0 }}>
              <Assignees ids={order.assignees ?? []} />
            </div>
          </SimpleGrid>
        </Section>
      </SimpleGrid>

      <div className={classes.layout}>
        <div style={{ minWidth: 0 }}>
          <ItemsCard order={order} />
        </div>
        <TotalsCard order={order} />
      </div>

      <OrderPaymentsCard order={{ _id: order._id, number: order.number, status: order.status }} />

      <OrderTasksCard
        order={{
          _id: order._id,
          number: order.number,
          customer: order.customer,
          customerName: order.customerName,
          status: order.status,
        }}
      />

      <Section title="ملاحظات">
        <Text size="sm" c={order.notes ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
          {order.notes || 'لا توجد ملاحظات'}
        </Text>
      </Section>

      {canActivity && (
        <Section title="سجل النشاط">
          <ActivityTimeline
            query={{ entity: 'order', entityId: order._id, limit: 50 }}
            emptyText="لا توجد أنشطة مسجلة لهذا الطلب"
          />
        </Section>
      )}
      <ReasonModal
        opened={creditReason}
        title={`إلغاء الطلب رقم ${order.number}`}
        label="سبب الإلغاء"
        placeholder="مثل: ألغى العميل الطلب قبل التنفيذ"
        hint={
          <>
            صدرت للطلب فاتورة ضريبية بقيمة <bdi>{formatSAR(invoiced)}</bdi>. يصدر بإلغائه إشعار دائن بهذه
            القيمة يحمل السبب، ولا يمكن تعديل الطلب أو إعادة فتحه بعده.
          </>
        }
        submitLabel="إلغاء الطلب وإصدار الإشعار"
        submitIcon={<IconBan size={16} />}
        color="red"
        busy={moving === 'cancelled'}
        onClose={() => setCreditReason(false)}
        onSubmit={(reason) => move('cancelled', reason)}
      />
    </Stack>
  );
}

/** An instant ('hh:mm ص YYYY/MM/DD') or a calendar day ('YYYY/MM/DD') with its Umm al-Qura date underneath. */
function DateWithHijri({ iso, day }: { iso?: string; day?: string }) {
  const instant = iso ?? (day ? dayNoon(day).toISOString() : '');
  return (
    <>
      {iso ? <DateText value={iso} /> : <bdi>{formatGregorianDate(instant)}</bdi>}
      <Text component="span" display="block" size="xs" c="dimmed">
        {formatHijriDate(instant)}
      </Text>
    </>
  );
}

function Assignees({ ids }: { ids: string[] }) {
  const users = useUserOptions();
  return (
    <InfoItem label="المكلّفون">
      {ids.length === 0 ? (
        ''
      ) : (
        <Group gap={6} wrap="wrap" mt={2} data-testid="order-assignees" component="span">
          {ids.map((id) => (
            <Badge key={id} component="span" variant="light" color="gray" radius="xl" tt="none" fw={500}>
              {users.names.get(id) ?? (users.isPending ? '…' : 'مستخدم')}
            </Badge>
          ))}
        </Group>
      )}
    </InfoItem>
  );
}

function ItemsCard({ order }: { order: Order }) {
  return (
    <Section title="الخدمات">
      {order.items.length === 0 ? (
        <EmptyState icon={<IconReceipt size={24} />} title="لا توجد بنود" />
      ) : (
        <>
          <CompactTable
            rows={order.items}
            rowKey={(item) => item._id}
            striped
            verticalSpacing="xs"
            data-testid="order-items"
            visibleFrom="sm"
            columns={[
              { header: 'الخدمة', cell: (item) => item.name },
              { header: 'الضريبة', cell: (item) => <TaxBadge tax={item} /> },
              { header: 'الكمية', cell: (item) => <Quantity item={item} />, td: NOWRAP },
              { header: 'سعر الوحدة', cell: (item) => <Money value={item.unitPrice} /> },
              { header: 'الإجمالي', cell: (item) => <Money value={item.lineTotal} /> },
            ]}
          />
          <Stack gap={0} hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {order.items.map((item, i) => (
              <li key={item._id}>
                {i > 0 && <Divider my="xs" />}
                <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap={6} wrap="wrap">
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {item.name}
                      </Text>
                      <TaxBadge tax={item} />
                    </Group>
                    <Text size="xs" c="dimmed">
                      <Quantity item={item} /> × <Money value={item.unitPrice} />
                    </Text>
                  </Stack>
                  <Text size="sm" fw={600}>
                    <Money value={item.lineTotal} />
                  </Text>
                </Group>
              </li>
            ))}
          </Stack>
        </>
      )}
    </Section>
  );
}

/** '1.5 ساعة': the quantity in its unit, read as one piece inside Arabic text. */
function Quantity({ item }: { item: OrderItem }) {
  return (
    <bdi>
      {formatQuantity(item.quantity)} {unitInfo[unitOf(item.unit)].label}
    </bdi>
  );
}

function TotalRow({
  label,
  value,
  testId,
  strong,
}: {
  label: ReactNode;
  value: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap" align="baseline">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500} data-testid={testId}>
        <Money value={value} />
      </Text>
    </Group>
  );
}

/**
 * The order's money as packages/domain receivables.ts defines it: invoiced = paid + outstanding.
 * Pending payments are shown apart (requested, not received); negative outstanding is a credit.
 */
function ReceivableRows({ order }: { order: Order }) {
  const outstanding = toHalalas(order.outstanding);
  const uninvoiced = toHalalas(order.uninvoiced);
  const pending = toHalalas(order.pending);
  return (
    <>
      <TotalRow label={receivableLabels.invoiced} value={order.invoiced} testId="order-invoiced" />
      <TotalRow label={receivableLabels.paid} value={order.paid} testId="order-paid" />
      <TotalRow
        label={outstanding < 0 ? 'رصيد دائن للعميل' : receivableLabels.outstanding}
        value={fromHalalas(Math.abs(outstanding))}
        testId="order-outstanding"
        strong
      />
      {pending !== 0 && (
        <TotalRow label={receivableLabels.pending} value={order.pending} testId="order-pending" />
      )}
      {uninvoiced > 0 && (
        <TotalRow label={receivableLabels.uninvoiced} value={order.uninvoiced} testId="order-uninvoiced" />
      )}
    </>
  );
}

/**
 * What the order is worth after its credit and debit notes (receivables.ts `orderValueOf`), shown
 * only when a note changed it: a note is final, so this is what the customer owes in all.
 */
function NotesRows({ order }: { order: Order }) {
  const adjusted = toHalalas(order.adjusted);
  if (adjusted === 0) return null;
  const value = orderValueOf({ total: toHalalas(order.total), adjusted });
  return (
    <>
      <TotalRow
        label={adjusted < 0 ? 'الإشعارات الدائنة (صافي)' : 'الإشعارات المدينة (صافي)'}
        value={fromHalalas(Math.abs(adjusted))}
        testId="order-adjusted"
      />
      <TotalRow label="قيمة الطلب بعد الإشعارات" value={fromHalalas(value)} testId="order-value" strong />
    </>
  );
}

/** The VAT per category, by the one rule the server used (orders.ts), from the lines as saved. */
function vatGroupsOf(order: Order, rate: number) {
  try {
    const lines = order.items.map((i) => ({ ...i, unitPrice: toHalalas(i.unitPrice) }));
    return orderTotals(lines, toHalalas(order.discount), rate).groups;
  } catch {
    return [];
  }
}

function TotalsCard({ order }: { order: Order }) {
  const rate = taxRateOf(order.taxRate);
  return (
    <Section title="المبالغ">
      <Stack gap={8}>
        <TotalRow label="المجموع" value={order.subtotal} testId="order-subtotal" />
        <TotalRow label="الخصم" value={order.discount} testId="order-discount" />
        <VatRows
          groups={vatGroupsOf(order, rate)}
          total={toHalalas(order.taxAmount)}
          standardRate={rate}
          testId="order-vat"
        />
        <Divider />
        <TotalRow label="الإجمالي" value={order.total} testId="order-total" strong />
        <NotesRows order={order} />
        <ReceivableRows order={order} />
        <OrderInvoiceActions order={order} />
      </Stack>
    </Section>
  );
}

/** The order's tax invoice: issue it now (before any payment or completion), or open its documents. */
function OrderInvoiceActions({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const canIssue = useCan('invoice:issue');
  const canRead = useCan('invoice:read');
  const [busy, setBusy] = useState(false);
  const invoiced = toHalalas(order.invoiced);
  // Only what tax invoices have not covered is issued; a credit note is never "not yet invoiced".
  const open = order.status !== 'cancelled' && toHalalas(order.uninvoiced) > 0;
  const hasDocuments = invoiced !== 0 || toHalalas(order.adjusted) !== 0;
  const issue = async () => {
    const ok = await ask({
      header: 'إصدار الفاتورة الضريبية',
      message: `ستصدر فاتورة الطلب رقم ${order.number} الآن ولا يمكن تعديلها بعد إصدارها؛ أي تصحيح يكون بإشعار دائن أو مدين. متابعة؟`,
      acceptLabel: 'إصدار الفاتورة',
      rejectLabel: 'إلغاء',
      centered: true,
    });
    if (!ok) return;
    setBusy(true);
    try {
      const doc = await issueOrderInvoice(order._id);
      notify.success(`صدرت الفاتورة ${doc.number}`);
      refreshAfterDocument(queryClient);
      navigate(documentPath(doc._id));
    } catch {
      // the API client showed the Arabic reason (e.g. the buyer's address is missing)
    } finally {
      setBusy(false);
    }
  };
  if (!(canIssue && open) && !(canRead && hasDocuments)) return null;
  return (
    <Group gap="xs" mt="xs" wrap="wrap">
      {canIssue && open && (
        <Button size="xs" variant="light" loading={busy} onClick={() => void issue()}>
          إصدار الفاتورة
        </Button>
      )}
      {canRead && hasDocuments && (
        <Button size="xs" variant="subtle" component={Link} to={`/dashboard/invoice?order=${order._id}`}>
          فواتير الطلب وإشعاراته
        </Button>
      )}
    </Group>
  );
}
