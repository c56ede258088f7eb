import { useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `ms` (search as you type: one request per pause, not per
 * key). Compare it with `value` to know whether what is shown still matches what was typed.
 */
export function useSettledValue<T>(value: T, ms = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
