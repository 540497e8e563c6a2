import { useEffect, useState } from 'react';

/** The time, advanced every `intervalMs` only while `active` (each tick re-renders the caller). */
export function useTickWhile(active: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return now;
}
