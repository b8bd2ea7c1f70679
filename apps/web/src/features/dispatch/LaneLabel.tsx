import { arabicPlural, VISITS } from '@idara/domain';
import { CloseButton, Stack, Text } from '@mantine/core';
import type { Lane } from './board-model';
import classes from './Dispatch.module.css';

/**
 * A lane's head: the technician (or «بلا فني»), their job, how many visits; an added lane may go.
 * Beside its track on the board, or atop its card on a phone's week (`stacked`).
 */
export function LaneLabel({
  lane,
  onRemove,
  stacked = false,
}: {
  lane: Lane;
  onRemove: (id: string) => void;
  stacked?: boolean;
}) {
  return (
    <div className={stacked ? classes.laneHead : classes.laneLabel} data-lane={lane.id}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <span className={classes.laneName}>{lane.name}</span>
        {lane.jobTitle && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {lane.jobTitle}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {arabicPlural(lane.visits, VISITS)}
        </Text>
      </Stack>
      {lane.picked && lane.visits === 0 && (
        <CloseButton size="sm" aria-label={`إخفاء مسار ${lane.name}`} onClick={() => onRemove(lane.id)} />
      )}
    </div>
  );
}
