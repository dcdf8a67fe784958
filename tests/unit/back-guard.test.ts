// Holding Back and Forward while a page has unsaved changes: the move is caught before the router's listener,
// the page's address put back, and the page asked; once released, moves reach the router again.
import { describe, expect, it } from 'vitest';
import { holdBack, installBackGuard } from '../../src/services/back-guard';

function fakeWindow() {
  const target = new EventTarget() as EventTarget & { history: { pushState: (...args: unknown[]) => void } };
  const pushed: unknown[] = [];
  target.history = { pushState: (_state, _title, url) => pushed.push(url) };
  return { target: target as unknown as Window, pushed };
}

describe('back guard', () => {
  it('catches Back while held, before the router, and lets it through once released', () => {
    const { target, pushed } = fakeWindow();
    installBackGuard(target);
    const routerSaw: number[] = [];
    target.addEventListener('popstate', () => routerSaw.push(1));
    let asked = 0;

    const release = holdBack('/conversations/1/transcript/edit', () => (asked += 1));
    target.dispatchEvent(new Event('popstate'));
    expect({ asked, pushed, routerSaw }).toEqual({
      asked: 1,
      pushed: ['/conversations/1/transcript/edit'],
      routerSaw: [],
    });

    release();
    target.dispatchEvent(new Event('popstate'));
    expect({ asked, pushed: pushed.length, routerSaw }).toEqual({ asked: 1, pushed: 1, routerSaw: [1] });
  });

  it('keeps the newer hold when an older one is released late', () => {
    const { target } = fakeWindow();
    installBackGuard(target);
    let newer = 0;
    const releaseOld = holdBack('/old', () => undefined);
    const releaseNew = holdBack('/new', () => (newer += 1));
    releaseOld();
    target.dispatchEvent(new Event('popstate'));
    expect(newer).toBe(1);
    releaseNew();
  });
});
