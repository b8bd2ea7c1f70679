import {
  notifyManager,
  type QueryKey,
  QueryObserver,
  type UseQueryOptions,
  type UseQueryResult,
  useQueryClient,
} from '@tanstack/react-query';
import { startTransition, useEffect, useReducer, useState } from 'react';

/**
 * `useQuery` whose answers render in a transition. `useQuery` reads its observer through
 * `useSyncExternalStore`, and React renders every store update synchronously: a list's rows, or
 * a lookup that every row's cell reads, arriving on a phone's first visit re-rendered the whole
 * page in one long task. Here an answer schedules an interruptible render instead; what is in
 * the cache is still read during render, so a page that has its data shows it at once.
 */
export function useQueryInTransition<
  TQueryFnData,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, Error, TData, TQueryKey>): UseQueryResult<TData, Error> {
  const client = useQueryClient();
  const defaulted = client.defaultQueryOptions(options);
  defaulted._optimisticResults = 'optimistic';
  const [observer] = useState(
    () => new QueryObserver<TQueryFnData, Error, TData, TQueryFnData, TQueryKey>(client, defaulted),
  );
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const result = observer.getOptimisticResult(defaulted);

  useEffect(() => {
    const unsubscribe = observer.subscribe(notifyManager.batchCalls(() => startTransition(rerender)));
    // An answer that came between this render and the subscription is announced now.
    observer.updateResult();
    return unsubscribe;
  }, [observer]);

  useEffect(() => {
    observer.setOptions(defaulted);
  }, [defaulted, observer]);

  // Tracked: the observer then announces only changes to the fields this component reads.
  return observer.trackResult(result) as UseQueryResult<TData, Error>;
}
