// Which turn of the conversation someone asked to see (an evaluation's evidence): the transcript scrolls to it,
// marks it and takes the keyboard focus there, and a call's recording is put at its start. Beside the scorecard,
// only the conversation's own pane scrolls (`scrollIntoView` would move every scrolling ancestor, the page too).
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';

export interface TurnFocus {
  /** 1-based, as evaluations number turns. */
  turn: number;
  /** Seconds into the recording, for calls. */
  start: number | null;
  /** Grows with every request, so asking for the same turn again scrolls to it again. */
  request: number;
}

interface TurnFocusValue {
  focus: TurnFocus | null;
  focusTurn(turn: number, start: number | null): void;
}

const TurnFocusContext = createContext<TurnFocusValue>({ focus: null, focusTurn: () => undefined });

export function TurnFocusProvider({
  onFocusTurn,
  children,
}: {
  /** Called with each request, in the same update: the review screen's tabs show the conversation. */
  onFocusTurn?: () => void;
  children: ReactNode;
}) {
  const [focus, setFocus] = useState<TurnFocus | null>(null);
  const focusTurn = useCallback(
    (turn: number, start: number | null) => {
      onFocusTurn?.();
      setFocus((previous) => ({ turn, start, request: (previous?.request ?? 0) + 1 }));
    },
    [onFocusTurn],
  );
  const value = useMemo(() => ({ focus, focusTurn }), [focus, focusTurn]);
  return <TurnFocusContext.Provider value={value}>{children}</TurnFocusContext.Provider>;
}

export const useTurnFocus = () => useContext(TurnFocusContext);

/** Scrolls `element` to the middle of the pane it is in (`data-scroll-pane`), or of the page when in none. */
function scrollToTurn(element: HTMLElement, behavior: ScrollBehavior) {
  const pane = element.closest<HTMLElement>('[data-scroll-pane]');
  if (!pane) {
    element.scrollIntoView({ block: 'center', behavior });
    return;
  }
  const paneBox = pane.getBoundingClientRect();
  const box = element.getBoundingClientRect();
  const top = pane.scrollTop + box.top - paneBox.top - (pane.clientHeight - box.height) / 2;
  pane.scrollTo({ top: Math.max(0, top), behavior });
}

/** The attributes that let a turn (at `index`, from 0) be found, focused and marked when asked for. */
export function useFocusedTurn(list: RefObject<HTMLElement | null>) {
  const { focus } = useTurnFocus();
  useEffect(() => {
    if (!focus) return;
    const element = list.current?.querySelector<HTMLElement>(`[data-turn="${focus.turn}"]`);
    if (!element) return;
    const show = () => {
      const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      scrollToTurn(element, reduceMotion ? 'auto' : 'smooth');
      element.focus({ preventScroll: true });
    };
    if (element.getClientRects().length > 0) {
      show();
      return;
    }
    // In a tab not shown yet (the review screen's tabs switch to the conversation a render later): once it shows.
    const shown = new ResizeObserver(() => {
      if (element.getClientRects().length === 0) return;
      shown.disconnect();
      show();
    });
    shown.observe(element);
    return () => shown.disconnect();
  }, [focus, list]);
  return (index: number) => turnMarks(index, focus?.turn === index + 1);
}

/** The attributes of the turn at `index` (from 0), `asked` when it is the turn asked for. */
export const turnMarks = (index: number, asked: boolean) => ({
  'data-turn': index + 1,
  'data-focused': asked ? 'true' : undefined,
  className: asked ? 'ring-2 ring-amber-500 ring-offset-2' : '',
});
