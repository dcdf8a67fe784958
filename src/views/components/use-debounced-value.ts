// A value that follows another after it has stopped changing for a moment (search boxes).
import { useEffect, useState } from 'react';

export function useDebouncedValue<Value>(value: Value, delayMs = 250): Value {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
