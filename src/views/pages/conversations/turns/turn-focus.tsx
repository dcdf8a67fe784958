// Which turn of the conversation someone asked to see (an evaluation's evidence): the transcript scrolls to it,
// marks it and takes the keyboard focus there, and a call's recording is put at its start.
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

export function TurnFocusProvider({ children }: { children: ReactNode }) {
  const [focus, setFocus] = useState<TurnFocus | null>(null);
  const focusTurn = useCallback(
    (turn: number, start: number | null) =>
      setFocus((previous) => ({ turn, start, request: (previous?.request ?? 0) + 1 })),
    [],
  );
  const value = useMemo(() => ({ focus, focusTurn }), [focus, focusTurn]);
  return <TurnFocusContext.Provider value={value}>{children}</TurnFocusContext.Provider>;
}

export const useTurnFocus = () => useContext(TurnFocusContext);

/** The attributes that let a turn (at `index`, from 0) be found, focused and marked when asked for. */
export function useFocusedTurn(list: RefObject<HTMLElement | null>) {
  const { focus } = useTurnFocus();
  useEffect(() => {
    if (!focus) return;
    const element = list.current?.querySelector<HTMLElement>(`[data-turn="${focus.turn}"]`);
    if (!element) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
    element.focus({ preventScroll: true });
  }, [focus, list]);
  return (index: number) => {
    const asked = focus?.turn === index + 1;
    return {
      'data-turn': index + 1,
      'data-focused': asked ? 'true' : undefined,
      className: asked ? 'ring-2 ring-amber-500 ring-offset-2' : '',
    };
  };
}
