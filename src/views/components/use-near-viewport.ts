// Whether an element has come near the viewport (half a screen ahead) at least once: what lies below the fold waits
// until the user scrolls towards it. Where IntersectionObserver is missing (a test's DOM), it is near at once.
import { useEffect, useState } from 'react';

const ahead = '50% 0px';

/** A ref to put on the element, and whether it has been near the viewport. */
export function useNearViewport(): [(element: Element | null) => void, boolean] {
  const [element, setElement] = useState<Element | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: ahead },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
  return [setElement, near];
}
