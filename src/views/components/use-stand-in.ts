// A control (a listbox, a menu) that renders its stand-in until the user shows interest, then the real control
// with the handover; one whose code had already arrived when it appeared is real at once. While the code cannot
// load (offline), the stand-in stays and the next sign of interest tries again.
import { useState } from 'react';
import type { codeOnIntent } from './code-on-intent';
import { noHandover, type Handover } from './stand-in-handover';

export function useStandIn<T>(code: ReturnType<typeof codeOnIntent<T>>) {
  const [handover, setHandover] = useState<Handover | null>(() => (code.current() ? noHandover : null));
  const onIntent = (handoverNow: () => Handover | null) => {
    code.request().then(
      () => {
        const now = handoverNow();
        if (now) setHandover(now);
      },
      () => undefined,
    );
  };
  const preload = () => void code.request().catch(() => undefined);
  const real = handover ? code.current() : undefined;
  return { real, handover: handover ?? noHandover, preload, onIntent };
}
