import { useSyncExternalStore } from 'react';

export interface Store<T> {
  get: () => T;
  set: (patch: Partial<T> | ((state: T) => Partial<T>)) => void;
  reset: () => void;
  subscribe: (listener: () => void) => () => void;
}

/**
 * A tiny external store: immutable snapshots, read in React through `useStore`. A `set` that
 * changes no field notifies nobody.
 */
export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const l of listeners) l();
  };
  return {
    get: () => state,
    set(patch) {
      const next = typeof patch === 'function' ? patch(state) : patch;
      const changed = (Object.keys(next) as (keyof T)[]).some((key) => !Object.is(state[key], next[key]));
      if (!changed) return;
      state = { ...state, ...next };
      emit();
    },
    reset() {
      state = initial;
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The store's state, or the part `select` picks (a primitive or a reference held in the state).
 * React re-renders a store's readers synchronously when their part changes, and redoes an
 * interrupted render synchronously if it changed meanwhile: a page that reads only what it shows
 * is not re-rendered by the rest.
 */
export function useStore<T extends object>(store: Store<T>): T;
export function useStore<T extends object, S>(store: Store<T>, select: (state: T) => S): S;
export function useStore<T extends object, S>(store: Store<T>, select?: (state: T) => S): T | S {
  const read = select ? (): T | S => select(store.get()) : store.get;
  return useSyncExternalStore<T | S>(store.subscribe, read, read);
}
