import { formatGregorianDate, riyadhDayOf, statementLineLabels } from '@idara/domain';
import { Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconDownload, IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Ltr } from '../../../components/bidi';
import { ask } from '../../../components/confirm';
import { formatMoney } from '../../../components/data-table/cells';
import { DateRangeFilter, hijriOfDay, useCalendarKind } from '../../../components/data-table/DateRangeFilter';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, LoadError } from '../../../components/page';
import { errorMessage } from '../../../lib/api-error';
import { useCan } from '../../../lib/auth';
import { dayNoon } from '../../../lib/riyadh-day';
import { notify } from '../../../lib/toast';
import { type PeriodPreset, periodPresetLabels, periodPresets, presetPeriod } from './periods';
import { downloadStatement, type Period, useSendStatement, useStatement } from './statement-api';

/** The customer's statement of account (كشف حساب): a period, its lines with the running balance. */
export default function CustomerStatementPage() {
  const { id = '' } = useParams();
  const today = riyadhDayOf(new Date());
  const [preset, setPreset] = useState<PeriodPreset>('thisMonth');
  const [period, setPeriod] = useState<Period>(presetPeriod('thisMonth', today));
  const [custom, setCustom] = useState<[string | null, string | null]>([period.from, period.to]);
  const [calendar] = useCalendarKind();
  const day = (d: string) => (calendar === 'hijri' ? hijriOfDay(d) : formatGregorianDate(dayNoon(d)));
  const canSend = useCan('customer:send:messages');
  const query = useStatement(id, period);
  const send = useSendStatement(id);
  const [downloading, setDownloading] = useState(false);
  const s = query.data;
  const back = `/dashboard/customer/${id}`;

  const choose = (value: PeriodPreset) => {
    setPreset(value);
    if (value !== 'custom') setPeriod(presetPeriod(value, today));
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadStatement(id, period);
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setDownloading(false);
    }
  };
  const confirmSend = async () => {
    const ok = await ask({
      header: 'إرسال كشف الحساب',
      message: `سيُرسل كشف حساب «${s?.customerName ?? ''}» للفترة من ${day(period.from)} إلى ${day(period.to)} إلى العميل عبر واتساب.`,
      acceptLabel: 'إرسال',
      acceptIcon: <IconBrandWhatsapp size={16} />,
    });
    if (!ok) return;
    send.mutate(period, {
      onSuccess: () => notify.success('أُرسل كشف الحساب إلى العميل'),
      onError: (e) => notify.error(errorMessage(e)),
    });
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={s ? `كشف حساب: ${s.customerName}` : 'كشف حساب'}
        description={`من ${day(period.from)} إلى ${day(period.to)}`}
        actions={
          <>
            <Button variant="default" component={Link} to={back}>
              العودة إلى العميل
            </Button>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              loading={downloading}
              disabled={!s?.lines.length && s?.opening === '0.00'}
              onClick={download}
            >
              تنزيل PDF
            </Button>
            {canSend && (
              <Button
                color="green"
                leftSection={<IconBrandWhatsapp size={16} />}
                loading={send.isPending}
                disabled={!s?.lines.length && s?.opening === '0.00'}
                onClick={confirmSend}
              >
                إرسال عبر واتساب
              </Button>
            )}
          </>
        }
      />
      <Paper withBorder radius="lg" p="md">
        <Group gap="sm" align="center" wrap="wrap">
          <Select
            aria-label="الفترة"
            data={periodPresets.map((p) => ({ value: p, label: periodPresetLabels[p] }))}
            value={preset}
            onChange={(v) => v && choose(v as PeriodPreset)}
            allowDeselect={false}
            radius="xl"
            w={180}
          />
          {preset === 'custom' && (
            <DateRangeFilter
              label="الفترة المخصصة"
              from={custom[0]}
              to={custom[1]}
              onChange={(from, to) => {
                setCustom([from, to]);
                if (from && to) setPeriod({ from, to });
              }}
            />
          )}
        </Group>
      </Paper>
      {query.isPending ? (
        <Stack gap="sm">
          <Skeleton h={72} radius="lg" />
          <Skeleton h={240} radius="lg" />
        </Stack>
      ) : query.isError || !s ? (
        <LoadError query={query} backTo={back} backLabel="العودة إلى العميل" />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Balance label="الرصيد الافتتاحي" value={s.opening} />
            <Balance label="الرصيد الختامي" value={s.closing} strong />
          </SimpleGrid>
          <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
            {s.lines.length === 0 ? (
              <EmptyState
                icon={<IconFileInvoice size={28} />}
                title="لا توجد حركات في هذه الفترة"
                text={
                  s.opening === '0.00'
                    ? 'لم تصدر للعميل فواتير أو إشعارات ولم تُسجل له دفعات مستلمة حتى نهاية الفترة'
                    : 'الرصيد الافتتاحي هو رصيد العميل طوال الفترة'
                }
              />
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table striped highlightOnHover verticalSpacing="sm" aria-label="حركات كشف الحساب">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>التاريخ</Table.Th>
                      <Table.Th>البيان</Table.Th>
                      <Table.Th>الرقم</Table.Th>
                      <Table.Th>مدين</Table.Th>
                      <Table.Th>دائن</Table.Th>
                      <Table.Th>الرصيد</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {s.lines.map((l) => (
                      <Table.Tr key={`${l.type}-${l.number}`}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(l.date)}</Table.Td>
                        <Table.Td>{statementLineLabels[l.type]}</Table.Td>
                        <Table.Td>
                          <Ltr>{l.number}</Ltr>
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {l.debit !== '0.00' && formatMoney(l.debit)}
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {l.credit !== '0.00' && formatMoney(l.credit)}
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }} fw={600}>
                          {formatMoney(l.balance)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>
        </>
      )}
    </Stack>
  );
}

function Balance({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={strong ? 'xl' : 'lg'} fw={700} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(value)}
      </Text>
      {Number(value) < 0 && (
        <Text size="xs" c="teal">
          لصالح العميل
        </Text>
      )}
    </Paper>
  );
}
