// @vitest-environment jsdom
// The review screen's keys: which command each key means; none while typing in a field (Escape there only leaves
// it), with Ctrl, Meta or Alt (but AltGr, which French keyboards need for [ and ], counts as no modifier), or inside
// a dialog; and the page listener running the handler given for a command, leaving the others alone.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reviewCommand, type KeyPress } from '../../../src/views/pages/conversations/review/review-keys';
import {
  useReviewKeys,
  type ReviewKeyHandlers,
} from '../../../src/views/pages/conversations/review/use-review-keys';

const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  altGraph: false,
  target: document.body,
  ...more,
});

const element = (html: string) => {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return host.firstElementChild as HTMLElement;
};

// React's act() warns unless told it runs in a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('reviewCommand', () => {
  it.each([
    ['?', 'help'],
    ['j', 'item.next'],
    ['ArrowDown', 'item.next'],
    ['k', 'item.previous'],
    ['ArrowUp', 'item.previous'],
    ['y', 'answer.yes'],
    ['n', 'answer.no'],
    ['a', 'answer.na'],
    ['c', 'comment'],
    ['e', 'evidence'],
    ['v', 'validate'],
    ['V', 'validateAndNext'],
    [']', 'conversation.next'],
    ['[', 'conversation.previous'],
    ['Escape', 'back'],
    ['u', 'back'],
  ])('%s means %s', (key, type) => {
    expect(reviewCommand(press(key))).toEqual({ type });
  });

  it('1–9 choose by number (from 0); 0 and other keys mean nothing', () => {
    expect(reviewCommand(press('1'))).toEqual({ type: 'answer.number', index: 0 });
    expect(reviewCommand(press('9'))).toEqual({ type: 'answer.number', index: 8 });
    for (const key of ['0', 'x', 'Enter', ' ', 'Tab', 'constructor'])
      expect(reviewCommand(press(key))).toBeNull();
  });

  it('means nothing with Ctrl, Meta or Alt held, but AltGr (Ctrl+Alt on Windows) types [ and ]', () => {
    expect(reviewCommand(press('v', { ctrlKey: true }))).toBeNull();
    expect(reviewCommand(press('j', { metaKey: true }))).toBeNull();
    expect(reviewCommand(press('j', { altKey: true }))).toBeNull();
    expect(reviewCommand(press(']', { ctrlKey: true, altKey: true, altGraph: true }))).toEqual({
      type: 'conversation.next',
    });
  });

  it('means nothing while typing in a field, where Escape leaves the field', () => {
    for (const html of [
      '<input type="text">',
      '<input type="search">',
      '<input>',
      '<textarea></textarea>',
      '<select><option>a</option></select>',
      '<div contenteditable="true"></div>',
    ]) {
      const target = element(html);
      // jsdom does not compute isContentEditable: the attribute stands for it.
      if (target.hasAttribute('contenteditable'))
        Object.defineProperty(target, 'isContentEditable', { value: true });
      expect(reviewCommand(press('n', { target })), html).toBeNull();
      expect(reviewCommand(press('?', { target })), html).toBeNull();
      expect(reviewCommand(press('Escape', { target })), html).toEqual({ type: 'field.leave' });
    }
  });

  it('works over controls that take no typing: a checkbox, a button', () => {
    expect(reviewCommand(press('n', { target: element('<input type="checkbox">') }))).toEqual({
      type: 'answer.no',
    });
    expect(reviewCommand(press('j', { target: element('<button>Yes</button>') }))).toEqual({
      type: 'item.next',
    });
  });

  it('means nothing inside a dialog, which has keys of its own', () => {
    const target = element('<div role="dialog"><button>Close</button></div>').querySelector('button');
    expect(reviewCommand(press('Escape', { target }))).toBeNull();
    expect(reviewCommand(press('j', { target }))).toBeNull();
  });
});

function Listener({ handlers }: { handlers: ReviewKeyHandlers }) {
  useReviewKeys(handlers);
  return null;
}

describe('useReviewKeys', () => {
  it('runs the handler of the command pressed, preventing the default; leaves other keys alone', async () => {
    const next = vi.fn();
    const number = vi.fn();
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    await act(async () =>
      root.render(<Listener handlers={{ 'item.next': next, 'answer.number': number }} />),
    );

    const down = new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true });
    document.body.dispatchEvent(down);
    expect(next).toHaveBeenCalledTimes(1);
    expect(down.defaultPrevented).toBe(true);

    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '3', bubbles: true, cancelable: true }));
    expect(number).toHaveBeenCalledWith({ type: 'answer.number', index: 2 });

    // A command without a handler here (another listener's) keeps its default; the sentinel after it still runs.
    const up = new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true, cancelable: true });
    document.body.dispatchEvent(up);
    expect(up.defaultPrevented).toBe(false);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'j', bubbles: true, cancelable: true }));
    expect(next).toHaveBeenCalledTimes(2);
    await act(async () => root.unmount());
  });
});
