// The left menu (spec §2): every path of its graph, and the hover, toggle and mobile rules.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { menuGraph } from './support/machine-graphs';
import { menuMachine, menuWidths } from '../../src/machines/menu/machine';
import { testGraph } from './graph-tests';

function startMenu(input: { mobile: boolean }) {
  return { actor: createActor(menuMachine, { input }).start(), outcomes: {} };
}

const widthOf = (actor: ReturnType<typeof startMenu>['actor']) =>
  actor.getSnapshot().hasTag('expanded') ? menuWidths.expanded : menuWidths.collapsed;

testGraph(menuGraph, startMenu);

describe('menu rules', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts collapsed at 64 px', () => {
    const { actor } = startMenu({ mobile: false });
    expect(actor.getSnapshot().value).toBe('Collapsed');
    expect(widthOf(actor)).toBe(64);
  });

  it('expands to 220 px only after 1000 ms of hover: at 999 ms it is still collapsed', () => {
    const { actor } = startMenu({ mobile: false });
    actor.send({ type: 'menu.pointerEnter', pointerType: 'mouse' });
    vi.advanceTimersByTime(999);
    expect(actor.getSnapshot().value).toBe('Hovering');
    expect(widthOf(actor)).toBe(64);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('ExpandedByHover');
    expect(widthOf(actor)).toBe(220);
  });

  it('collapses when the pointer leaves, and a hover shorter than a second never expands it', () => {
    const { actor } = startMenu({ mobile: false });
    actor.send({ type: 'menu.pointerEnter', pointerType: 'mouse' });
    vi.advanceTimersByTime(1000);
    actor.send({ type: 'menu.pointerLeave' });
    expect(actor.getSnapshot().value).toBe('Collapsed');

    actor.send({ type: 'menu.pointerEnter', pointerType: 'mouse' });
    vi.advanceTimersByTime(600);
    actor.send({ type: 'menu.pointerLeave' });
    actor.send({ type: 'menu.pointerEnter', pointerType: 'mouse' });
    vi.advanceTimersByTime(600);
    expect(actor.getSnapshot().value).toBe('Hovering');
    expect(widthOf(actor)).toBe(64);
  });

  it('the toggle forces it open, then closed; hovering and leaving are then ignored', () => {
    const { actor } = startMenu({ mobile: false });
    actor.send({ type: 'menu.toggle' });
    expect(actor.getSnapshot().value).toBe('ForcedOpen');
    expect(widthOf(actor)).toBe(220);
    actor.send({ type: 'menu.pointerLeave' });
    expect(actor.getSnapshot().value).toBe('ForcedOpen');

    actor.send({ type: 'menu.toggle' });
    expect(actor.getSnapshot().value).toBe('ForcedClosed');
    actor.send({ type: 'menu.pointerEnter', pointerType: 'mouse' });
    vi.advanceTimersByTime(5000);
    expect(actor.getSnapshot().value).toBe('ForcedClosed');
    expect(widthOf(actor)).toBe(64);
  });

  it('the toggle collapses a menu expanded by hover and keeps it closed', () => {
    const { actor } = startMenu({ mobile: false });
    actor.send({ type: 'menu.pointerEnter', pointerType: 'mouse' });
    vi.advanceTimersByTime(1000);
    actor.send({ type: 'menu.toggle' });
    expect(actor.getSnapshot().value).toBe('ForcedClosed');
  });

  it('there is no toggle on mobile widths', () => {
    const { actor } = startMenu({ mobile: true });
    actor.send({ type: 'menu.toggle' });
    expect(actor.getSnapshot().value).toBe('Collapsed');
    expect(widthOf(actor)).toBe(64);
  });

  it('becoming mobile drops a forced state, and the toggle is back on a wide screen', () => {
    const { actor } = startMenu({ mobile: false });
    actor.send({ type: 'menu.toggle' });
    actor.send({ type: 'viewport.changed', mobile: true });
    expect(actor.getSnapshot().value).toBe('Collapsed');
    expect(actor.getSnapshot().context.mobile).toBe(true);
    actor.send({ type: 'menu.toggle' });
    expect(actor.getSnapshot().value).toBe('Collapsed');

    actor.send({ type: 'viewport.changed', mobile: false });
    actor.send({ type: 'menu.toggle' });
    expect(actor.getSnapshot().value).toBe('ForcedOpen');
  });

  it('a finger touching the menu never starts the hover timer', () => {
    const { actor } = startMenu({ mobile: true });
    actor.send({ type: 'menu.pointerEnter', pointerType: 'touch' });
    vi.advanceTimersByTime(5000);
    expect(actor.getSnapshot().value).toBe('Collapsed');
    expect(widthOf(actor)).toBe(64);
  });

  it('choosing an entry on mobile collapses a menu hovering or expanded; on a wide screen it stays', () => {
    const mobile = startMenu({ mobile: true }).actor;
    mobile.send({ type: 'menu.pointerEnter', pointerType: 'pen' });
    mobile.send({ type: 'menu.entryChosen' });
    vi.advanceTimersByTime(5000);
    expect(mobile.getSnapshot().value).toBe('Collapsed');
    mobile.send({ type: 'menu.pointerEnter', pointerType: 'mouse' });
    vi.advanceTimersByTime(1000);
    mobile.send({ type: 'menu.entryChosen' });
    expect(widthOf(mobile)).toBe(64);

    const wide = startMenu({ mobile: false }).actor;
    wide.send({ type: 'menu.pointerEnter', pointerType: 'mouse' });
    vi.advanceTimersByTime(1000);
    wide.send({ type: 'menu.entryChosen' });
    expect(wide.getSnapshot().value).toBe('ExpandedByHover');
  });
});
