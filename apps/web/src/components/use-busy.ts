import { useState } from 'react';

/**
 * Which of a screen's actions is running (its button shows the spinner, the others wait).
 * `run(key, work)` answers what `work` answered, or undefined when it failed: the API client has
 * already said why in Arabic.
 */
export function useBusy<K extends string>() {
  const [busy, setBusy] = useState<K | null>(null);
  const run = async <T>(key: K, work: () => Promise<T>): Promise<T | undefined> => {
    setBusy(key);
    try {
      return await work();
    } catch {
      return undefined;
    } finally {
      setBusy(null);
    }
  };
  return [busy, run] as const;
}
