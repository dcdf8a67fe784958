// Whether a screen that can toast has shown: the shell mounts the toasts container (sonner) only then, so that
// the first page does not download it.
import { useSyncExternalStore } from 'react';

let wanted = false;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useToastsWanted = () => useSyncExternalStore(subscribe, () => wanted);

export function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}
