import { formatSAR, type TaxGroup, vatCategoryShortLabels } from '@idara/domain';
import { Alert, Divider, Input, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './OrderForm.module.css';
import type { Preview } from './order-lines';

function SummaryRow({
  label,
  children,
  testId,
  strong,
  sub,
}: {
  label: ReactNode;
  children: ReactNode;
  testId: string;
  strong?: boolean;
  /** A part of the row above (one VAT category of the VAT). */
  sub?: boolean;
}) {
  return (
    <div className={sub ? `${classes.summaryRow} ${classes.summarySub}` : classes.summaryRow}>
      <Text size={sub ? 'xs' : 'sm'} c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size={strong ? 'md' : sub ? 'xs' : 'sm'} fw={strong ? 700 : 500} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

const money = (h: number | undefined) => <bdi style={{ whiteSpace: 'nowrap' }}>{formatSAR(h ?? 0)}</bdi>;

/**
 * The VAT row, and under it each category's share when the lines are of more than one (a zero-rated
 * export beside a standard-rated visit): its base after its part of the discount, its rate, its VAT.
 */
export function VatRows({
  groups,
  total,
  standardRate,
  testId,
}: {
  groups: TaxGroup[];
  total: number | undefined;
  standardRate: number;
  testId: string;
}) {
  const rate = groups.length === 1 ? groups[0].rate : standardRate;
  return (
    <>
      <SummaryRow
        label={
          groups.length > 1 ? (
            'ضريبة القيمة المضافة'
          ) : (
            <>
              ضريبة القيمة المضافة (<bdi>{rate}%</bdi>)
            </>
          )
        }
        testId={testId}
      >
        {money(total)}
      </SummaryRow>
      {groups.length > 1 &&
        groups.map((g) => (
          <SummaryRow
            key={g.vatCategory}
            sub
            testId={`${testId}-${g.vatCategory}`}
            label={
              <>
                {vatCategoryShortLabels[g.vatCategory]} (<bdi>{g.rate}%</bdi>) على {money(g.taxable)}
              </>
            }
          >
            {money(g.vat)}
          </SummaryRow>
        ))}
    </>
  );
}

export function TotalsPreview({
  live,
  taxRate,
  loadingRate,
  rateFailed,
}: {
  live: Preview;
  taxRate: number | null;
  loadingRate: boolean;
  rateFailed: boolean;
}) {
  if (rateFailed)
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        تعذر تحميل نسبة الضريبة من الإعدادات؛ يحسب الخادم المبالغ عند الحفظ.
      </Alert>
    );
  if (loadingRate || taxRate === null)
    return (
      <Stack gap="xs" role="status" aria-label="جارٍ التحميل…">
        <Skeleton h={14} />
        <Skeleton h={14} />
        <Skeleton h={14} w="70%" />
      </Stack>
    );
  const t = live.totals;
  return (
    <Stack gap={8} aria-live="polite" data-testid="order-totals-preview">
      <SummaryRow label="المجموع" testId="preview-subtotal">
        {money(t?.subtotal)}
      </SummaryRow>
      <SummaryRow label="الخصم" testId="preview-discount">
        {money(t?.discount)}
      </SummaryRow>
      <SummaryRow label="الصافي بعد الخصم" testId="preview-net">
        {money(t?.net)}
      </SummaryRow>
      <VatRows groups={t?.groups ?? []} total={t?.taxAmount} standardRate={taxRate} testId="preview-vat" />
      <Divider />
      <SummaryRow label="الإجمالي" testId="preview-total" strong>
        {money(t?.total)}
      </SummaryRow>
      {live.problem && (
        <Text size="xs" c="red" role="alert">
          {live.problem}
        </Text>
      )}
      <Input.Description>تُحسب المبالغ نهائياً على الخادم عند الحفظ.</Input.Description>
    </Stack>
  );
}
