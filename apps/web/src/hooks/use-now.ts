import { useEffect, useState } from 'react';

/** The clock, re-read every `intervalMs` (countdowns, progress bars, stock that grows between reads). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
