import { useEffect, useState } from 'react';

/** The current time, renewed every `intervalMilliseconds`, so "3 min ago" texts stay true. */
export function useNow(intervalMilliseconds = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMilliseconds);
    return () => clearInterval(timer);
  }, [intervalMilliseconds]);
  return now;
}
