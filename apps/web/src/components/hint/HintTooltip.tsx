import { Tooltip } from '@mantine/core';

/** The hint bubble itself; loaded the first time a hint shows (it brings floating-ui). */
export default function HintTooltip({ target, label }: { target: HTMLElement; label: string }) {
  return <Tooltip target={target} label={<bdi>{label}</bdi>} opened withArrow />;
}
