import { formatDateTime } from '@idara/domain';
import { Alert, Button, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowRight } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { RetryButton } from '../../components/feedback';
import { errorMessage } from '../../lib/api-error';

/** A titled card section of a form or details page. */
export function Section({
  title,
  description,
  children,
  actions,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} style={{ minWidth: 0 }}>
      <Stack gap={4} mb="md">
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
          <Title order={2} fz="h4">
            {title}
          </Title>
          {actions}
        </div>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {children}
    </Paper>
  );
}

/** Skeleton of a form or details page while the record loads. */
export function PageSkeleton({ sections = 3 }: { sections?: number }) {
  return (
    <Stack gap="lg" role="status" aria-label="جارٍ التحميل…">
      {Array.from({ length: sections }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Paper key={i} withBorder p="lg">
          <Skeleton h={22} w={160} mb="lg" radius="sm" />
          <Stack gap="sm">
            <Skeleton h={36} radius="sm" />
            <Skeleton h={36} radius="sm" />
            <Skeleton h={36} w="60%" radius="sm" />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** The record could not be loaded: the API's Arabic message, retry and a way back. */
export function LoadError({
  error,
  onRetry,
  backTo,
  backLabel,
}: {
  error: unknown;
  onRetry?: () => void;
  backTo: string;
  backLabel: string;
}) {
  return (
    <Alert color="red" radius="lg" icon={<IconAlertCircle size={20} />} title="تعذر تحميل البيانات">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {onRetry && <RetryButton size="sm" iconSize={16} onRetry={onRetry} />}
          <Button variant="default" component={Link} to={backTo} leftSection={<IconArrowRight size={16} />}>
            {backLabel}
          </Button>
        </div>
      </Stack>
    </Alert>
  );
}

/** Empty state with an icon and a line of text. */
export function EmptyState({ icon, title, text }: { icon: ReactNode; title: string; text?: string }) {
  return (
    <Stack align="center" gap="xs" py="xl" ta="center">
      <ThemeIcon size={52} variant="light" color="gray">
        {icon}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      {text && (
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      )}
    </Stack>
  );
}

/** One label/value pair of a details page; empty values show a dash. */
export function InfoItem({ label, children }: { label: string; children?: ReactNode }) {
  const empty = children === undefined || children === null || children === '';
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" mb={2}>
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {empty ? '—' : typeof children === 'string' ? <bdi>{children}</bdi> : children}
      </Text>
    </div>
  );
}

/** Numbers, phones and codes read left to right inside Arabic text. */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

export { SrOnlyInline } from '../../components/data-table';

/** 'hh:mm ص YYYY/MM/DD' isolated in its own (Arabic) direction: time first when read right to left. */
export function DateText({ value }: { value: string | Date }) {
  return <bdi style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</bdi>;
}

interface RecordQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A record page's loading states: skeleton sections while the record loads, the Arabic error with
 * a retry and a way back, else the page drawn from the record.
 */
export function RecordGate<T>({
  query,
  sections,
  backTo,
  backLabel,
  children,
}: {
  query: RecordQuery<T>;
  sections?: number;
  backTo: string;
  backLabel: string;
  children: (record: T) => ReactNode;
}) {
  if (query.isPending) return <PageSkeleton sections={sections} />;
  if (query.isError || query.data === undefined)
    return (
      <LoadError
        error={query.error}
        onRetry={() => void query.refetch()}
        backTo={backTo}
        backLabel={backLabel}
      />
    );
  return <>{children(query.data)}</>;
}

/** A details page: the record named by the route's `:id`, loaded by `useRecord`, through `RecordGate`. */
export function RecordPage<T>({
  useRecord,
  ...gate
}: {
  useRecord: (id: string) => RecordQuery<T>;
  sections?: number;
  backTo: string;
  backLabel: string;
  children: (record: T) => ReactNode;
}) {
  const { id = '' } = useParams();
  return <RecordGate query={useRecord(id)} {...gate} />;
}

/** A new/edit form's record: none for a new one, else loaded through `RecordGate`; a new id remounts the form. */
export function RecordFormGate<T>({
  id,
  query,
  backTo,
  backLabel,
  children,
}: {
  id: string | undefined;
  query: RecordQuery<T>;
  backTo: string;
  backLabel: string;
  children: (record: T | undefined) => ReactNode;
}) {
  if (!id) return <Fragment key="new">{children(undefined)}</Fragment>;
  return (
    <RecordGate query={query} backTo={backTo} backLabel={backLabel}>
      {(record) => <Fragment key={id}>{children(record)}</Fragment>}
    </RecordGate>
  );
}

/**
 * The states of a small list inside a card: skeleton rows while loading, an Arabic error with a
 * retry, the empty state, else the list itself.
 */
export function CardListStates({
  query,
  errorTitle,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  errorTitle: string;
  /** Shown instead of `children` when the loaded list has no rows. */
  empty: ReactNode | null;
  children: ReactNode;
}) {
  if (query.isPending)
    return (
      <Stack gap="xs" role="status" aria-label="جارٍ التحميل…">
        <Skeleton h={32} radius="sm" />
        <Skeleton h={32} radius="sm" />
      </Stack>
    );
  if (query.isError)
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={errorTitle}>
        <RetryButton onRetry={() => void query.refetch()} />
      </Alert>
    );
  return <>{empty ?? children}</>;
}
