import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `everyMs` (a minute by default), so "time left" and relative
 * times move on their own.
 */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
