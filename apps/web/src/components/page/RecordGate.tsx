import { Fragment, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { LoadError } from './LoadError';
import { PageSkeleton } from './PageSkeleton';

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
    return <LoadError query={query} backTo={backTo} backLabel={backLabel} />;
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
