// Listens to the review screen's keys on the whole page and runs the handler given for each command; a command
// without a handler here is left to another listener (the page's walk and the evaluation's items each have one).
import { useEffect, useRef } from 'react';
import { reviewCommand, type ReviewCommand, type ReviewCommandType } from './review-keys';

export type ReviewKeyHandlers = {
  [Type in ReviewCommandType]?: (command: Extract<ReviewCommand, { type: Type }>) => void;
};

export function useReviewKeys(handlers: ReviewKeyHandlers, enabled = true) {
  // The latest handlers, without adding and removing the listener at every render.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const command = reviewCommand({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        altGraph: event.getModifierState('AltGraph'),
        target: event.target,
      });
      if (!command) return;
      const handler = latest.current[command.type] as ((command: ReviewCommand) => void) | undefined;
      if (!handler) return;
      event.preventDefault();
      handler(command);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
