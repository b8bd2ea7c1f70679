import { IconChevronLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './Disclosure.module.css';

/**
 * A closed section the reader opens when they need it («متقدم», «معلومات تقنية»): the native
 * `<details>`, so the keyboard and screen readers know it without help.
 */
export function Disclosure({
  summary,
  icon,
  defaultOpen = false,
  children,
  testId,
}: {
  summary: ReactNode;
  icon?: ReactNode;
  defaultOpen?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <details className={classes.root} open={defaultOpen || undefined} data-testid={testId}>
      <summary className={classes.summary}>
        <IconChevronLeft size={16} className={classes.chevron} aria-hidden />
        {icon}
        <span>{summary}</span>
      </summary>
      <div className={classes.body}>{children}</div>
    </details>
  );
}
