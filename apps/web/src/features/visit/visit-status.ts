import type { VisitStatus } from '@idara/domain';

/**
 * A visit status's Mantine colour, wherever a visit is drawn (the dispatch board's blocks and
 * cards): the open steps in blues and violet, done green, missed orange, cancelled grey. The
 * labels are the domain's `visitStatusLabels`.
 */
export const visitStatusColors: Record<VisitStatus, string> = {
  planned: 'blue',
  on_the_way: 'cyan',
  arrived: 'indigo',
  started: 'violet',
  done: 'green',
  missed: 'orange',
  cancelled: 'gray',
};
