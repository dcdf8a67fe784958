// Connectivity (spec §2, §8): every path of its graph, and when the offline screen replaces the page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { connectivityGraph } from './support/machine-graphs';
import { connectivityMachine, type ConnectivityEvent } from '../../src/machines/connectivity/machine';
import { testGraph } from './graph-tests';
import { callbackStub } from './stubs';

function startConnectivity(input: { online: boolean }) {
  const watchBrowser = callbackStub<ConnectivityEvent>('watchBrowser');
  const actor = createActor(connectivityMachine.provide({ actors: { watchBrowser: watchBrowser.logic } }), {
    input,
  }).start();
  // A callback actor cannot fail after it started: its failure is sent as the synthetic event.
  return {
    actor,
    watchBrowser,
    outcomes: {},
    deliver: { 'browser.offline': watchBrowser.send, 'browser.online': watchBrowser.send },
  };
}

testGraph(connectivityGraph, startConnectivity);

describe('connectivity rules', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('going offline keeps the page until the route changes, then shows the offline screen (tag offline)', () => {
    const { actor, watchBrowser } = startConnectivity({ online: true });
    watchBrowser.send({ type: 'browser.offline' });
    expect(actor.getSnapshot().value).toBe('OfflineUnnoticed');
    expect(actor.getSnapshot().hasTag('offline')).toBe(false);
    actor.send({ type: 'route.changed' });
    expect(actor.getSnapshot().value).toBe('OfflineScreen');
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
  });

  it('back online removes the offline screen: Online', () => {
    const { actor, watchBrowser } = startConnectivity({ online: true });
    watchBrowser.send({ type: 'browser.offline' });
    actor.send({ type: 'route.changed' });
    watchBrowser.send({ type: 'browser.online' });
    expect(actor.getSnapshot().value).toBe('Online');
    expect(actor.getSnapshot().hasTag('offline')).toBe(false);
    actor.send({ type: 'route.changed' });
    expect(actor.getSnapshot().hasTag('offline')).toBe(false);
  });

  it('offline without a route change keeps the page, even when back online', () => {
    const { actor, watchBrowser } = startConnectivity({ online: true });
    watchBrowser.send({ type: 'browser.offline' });
    watchBrowser.send({ type: 'browser.offline' });
    expect(actor.getSnapshot().hasTag('offline')).toBe(false);
    watchBrowser.send({ type: 'browser.online' });
    expect(actor.getSnapshot().value).toBe('Online');
    expect(actor.getSnapshot().hasTag('offline')).toBe(false);
  });

  it('started offline, the first route change shows the offline screen', () => {
    const { actor } = startConnectivity({ online: false });
    expect(actor.getSnapshot().hasTag('offline')).toBe(false);
    actor.send({ type: 'route.changed' });
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
  });

  it('when the browser cannot be watched the app is never blocked: Online', () => {
    const unwatchable = fromCallback<ConnectivityEvent>(() => {
      throw new ReferenceError('window is not defined');
    });
    const actor = createActor(connectivityMachine.provide({ actors: { watchBrowser: unwatchable } }), {
      input: { online: false },
    }).start();
    expect(actor.getSnapshot().value).toBe('Online');
    actor.send({ type: 'route.changed' });
    expect(actor.getSnapshot().hasTag('offline')).toBe(false);
  });
});
