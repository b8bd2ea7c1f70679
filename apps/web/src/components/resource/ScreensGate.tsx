import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Resource, Screens } from '../../app/resource';
import { SectionLoader } from '../FullPageLoader';
import { ErrorAlert, RetryButton } from '../feedback';

/**
 * Draws `children` with the resource's screens: at once when its file holds them, once loaded when
 * they are in a module of their own (kept for the session after the first of its pages).
 */
export function ScreensGate({
  resource,
  children,
}: {
  resource: Resource;
  children: (screens: Screens) => ReactNode;
}) {
  const { screens } = resource;
  const load = typeof screens === 'function' ? screens : undefined;
  const loaded = useQuery({
    queryKey: ['resource-screens', resource.name],
    queryFn: () => load!().then((m) => m.default),
    enabled: Boolean(load),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (!load) return children(screens as Screens);
  if (loaded.isError)
    return (
      <ErrorAlert title={`تعذر تحميل ${resource.titles.list}`}>
        <RetryButton onRetry={() => void loaded.refetch()} />
      </ErrorAlert>
    );
  if (!loaded.data) return <SectionLoader />;
  return children(loaded.data);
}
