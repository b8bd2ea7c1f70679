import { ActionIcon, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A small icon button of the builder with its tooltip; `danger` for a removal. */
export function ToolButton({
  tip,
  label,
  icon,
  onClick,
  disabled,
  danger = false,
  mt,
}: {
  tip: string;
  /** What a screen reader hears: the act and what it acts on. */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
  mt?: number;
}) {
  return (
    <Tooltip label={tip}>
      <ActionIcon
        variant="subtle"
        color={danger ? 'red' : 'gray'}
        mt={mt}
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** «تحريك لأعلى» and «تحريك لأسفل» for the item at `index` of `count` (`what` names it). */
export function MoveButtons({
  what,
  index,
  count,
  onMove,
  iconSize,
  mt,
}: {
  what: string;
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
  iconSize: number;
  mt?: number;
}) {
  return (
    <>
      <ToolButton
        tip="تحريك لأعلى"
        label={`تحريك ${what} لأعلى`}
        icon={<IconArrowUp size={iconSize} />}
        disabled={index === 0}
        onClick={() => onMove(-1)}
        mt={mt}
      />
      <ToolButton
        tip="تحريك لأسفل"
        label={`تحريك ${what} لأسفل`}
        icon={<IconArrowDown size={iconSize} />}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
        mt={mt}
      />
    </>
  );
}
