// The review screen's keyboard: which command a key press means (issue 21). None while the person types in a field
// (Escape there only leaves the field), with Ctrl, Meta or Alt held (the browser's and the system's shortcuts), or
// inside a dialog (it has keys of its own).

export type ReviewCommand =
  | { type: 'help' }
  | { type: 'item.next' }
  | { type: 'item.previous' }
  | { type: 'answer.yes' }
  | { type: 'answer.no' }
  | { type: 'answer.na' }
  /** 1–9: a level of a levels item, or a sub-item of a composed one (0-based here). */
  | { type: 'answer.number'; index: number }
  | { type: 'comment' }
  | { type: 'evidence' }
  | { type: 'validate' }
  | { type: 'validateAndNext' }
  | { type: 'conversation.next' }
  | { type: 'conversation.previous' }
  | { type: 'back' }
  | { type: 'field.leave' };

export type ReviewCommandType = ReviewCommand['type'];

/** What of a keyboard event the commands depend on (a DOM KeyboardEvent has all of it). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** AltGr, which Windows reports as Ctrl+Alt: French keyboards type `[` `]` with it. */
  altGraph: boolean;
  target: EventTarget | null;
}

/** Inputs that take a click or a space, not typing: the review keys stay on over them. */
const untypedInputs = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file']);

/** Whether keys pressed on `target` are typed into it. */
export function isTypingField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !untypedInputs.has(target.type);
}

const inDialog = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]') !== null;

const byKey: Record<string, ReviewCommand> = {
  '?': { type: 'help' },
  j: { type: 'item.next' },
  ArrowDown: { type: 'item.next' },
  k: { type: 'item.previous' },
  ArrowUp: { type: 'item.previous' },
  y: { type: 'answer.yes' },
  n: { type: 'answer.no' },
  a: { type: 'answer.na' },
  c: { type: 'comment' },
  e: { type: 'evidence' },
  v: { type: 'validate' },
  V: { type: 'validateAndNext' },
  ']': { type: 'conversation.next' },
  '[': { type: 'conversation.previous' },
  Escape: { type: 'back' },
  u: { type: 'back' },
};

/** The command `press` means on the review screen; null when it means none. */
export function reviewCommand(press: KeyPress): ReviewCommand | null {
  if (press.metaKey || ((press.ctrlKey || press.altKey) && !press.altGraph)) return null;
  if (inDialog(press.target)) return null;
  if (isTypingField(press.target)) return press.key === 'Escape' ? { type: 'field.leave' } : null;
  if (/^[1-9]$/.test(press.key)) return { type: 'answer.number', index: Number(press.key) - 1 };
  return Object.hasOwn(byKey, press.key) ? (byKey[press.key] ?? null) : null;
}
