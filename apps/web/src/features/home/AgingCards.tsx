import { formatCount, formatSAR, toHalalas } from '@idara/domain';
import { IconAlarm, IconUserExclamation } from '@tabler/icons-react';
import { useCan } from '../../lib/auth';
import { AGING_SCREEN, useAgingSummary } from '../report/aging/aging-api';
import { type Kpi, KpiSkeletons, KpiTiles } from './KpiCards';

/** Overdue receivables for holders of report:aging, from the aging report's own figures. */
export function AgingCards() {
  const allowed = useCan('report:aging');
  const summary = useAgingSummary(allowed);
  if (!allowed || summary.isError) return null;
  if (!summary.data) return <KpiSkeletons count={2} testId="aging-cards" />;
  const kpis: Kpi[] = [
    {
      key: 'agingOverdue',
      label: 'المتأخرات',
      value: formatSAR(toHalalas(summary.data.overdue)),
      hint: 'المستحق الذي تجاوز تاريخ استحقاقه',
      icon: IconAlarm,
      color: 'red',
      to: AGING_SCREEN,
    },
    {
      key: 'agingOver60',
      label: 'عملاء متأخرون أكثر من 60 يوماً',
      value: formatCount(summary.data.customersOver60),
      icon: IconUserExclamation,
      color: 'orange',
      to: AGING_SCREEN,
    },
  ];
  return <KpiTiles kpis={kpis} testId="aging-cards" />;
}
