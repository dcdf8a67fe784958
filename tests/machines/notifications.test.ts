// Notifications (spec §2, §4): every path of its graph, and when the list loads, reloads and marks items read.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Notification } from '../../contract/notifications';
import { fixtures, notificationsGraph } from './support/machine-graphs';
import {
  notificationsMachine,
  type NotificationsEvent,
  type NotificationsInput,
} from '../../src/machines/notifications/machine';
import { ApiError } from '../../src/services/api-error';
import { testGraph } from './graph-tests';
import { eventStreamStub, promiseStub, settle } from './stubs';

function startNotifications(input: NotificationsInput) {
  const loadNotifications = promiseStub<Notification[]>('loadNotifications');
  const liveNotifications = eventStreamStub<NotificationsEvent, void>('liveNotifications');
  const markReadOnServer = vi.fn();
  const openConversation = vi.fn();
  const openReviewQueue = vi.fn();
  const machine = notificationsMachine.provide({
    actors: { loadNotifications: loadNotifications.logic, liveNotifications: liveNotifications.logic },
    actions: { markReadOnServer, openConversation, openReviewQueue },
  });
  const actor = createActor(machine, { input }).start();
  return {
    actor,
    loadNotifications,
    liveNotifications,
    markReadOnServer,
    openConversation,
    openReviewQueue,
    outcomes: { loadNotifications, liveNotifications },
    deliver: { 'ws.notification': liveNotifications.emit },
  };
}

const user: NotificationsInput = { admin: false, mobile: false };
const { notification, pushedNotification } = fixtures;

testGraph(notificationsGraph, startNotifications);

describe('notifications rules', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['an admin', { admin: true, mobile: false }],
    ['a mobile width', { admin: false, mobile: true }],
  ])('for %s nothing is loaded or shown: Unavailable, loadNotifications never invoked', (_, input) => {
    const { actor, loadNotifications, liveNotifications } = startNotifications(input);
    actor.send({ type: 'panel.toggle' });
    actor.send({ type: 'list.load' });
    expect(actor.getSnapshot().value).toBe('Unavailable');
    expect(loadNotifications.runs).toHaveLength(0);
    expect(liveNotifications.streams).toHaveLength(0);
  });

  it('crossing to a mobile width stops loading and listening; back to wide loads again', () => {
    const { actor, loadNotifications, liveNotifications } = startNotifications(user);
    actor.send({ type: 'viewport.changed', mobile: true });
    expect(actor.getSnapshot().value).toBe('Unavailable');
    expect(loadNotifications.runs[0]?.signal.aborted).toBe(true);
    expect(liveNotifications.streams[0]?.observed).toBe(false);
    actor.send({ type: 'viewport.changed', mobile: false });
    expect(actor.getSnapshot().matches({ Available: { List: 'Loading' } })).toBe(true);
    expect(loadNotifications.runs).toHaveLength(2);
  });

  it('loads the list at start; opening the panel reloads it and clears "new"', async () => {
    const { actor, loadNotifications } = startNotifications(user);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    loadNotifications.resolve([notification]);
    await settle();
    expect(actor.getSnapshot().context.items).toEqual([notification]);

    actor.send({ type: 'panel.toggle' });
    expect(actor.getSnapshot().hasTag('panelOpen')).toBe(true);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(loadNotifications.runs).toHaveLength(2);
    expect(actor.getSnapshot().context.hasNew).toBe(false);
  });

  it('a ws.notification push is trusted: it sets hasNew and heads the list, with no reload, the panel as it was', async () => {
    const { actor, loadNotifications, liveNotifications } = startNotifications(user);
    loadNotifications.resolve([notification]);
    await settle();
    actor.send({ type: 'panel.toggle' });
    loadNotifications.resolve([notification]);
    await settle();

    liveNotifications.emit({ type: 'ws.notification', notification: pushedNotification });
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.hasNew).toBe(true);
    expect(snapshot.context.items).toEqual([pushedNotification, notification]);
    expect(snapshot.hasTag('loading')).toBe(false);
    expect(snapshot.matches({ Available: { List: 'Loaded' } })).toBe(true);
    expect(snapshot.hasTag('panelOpen')).toBe(true);
    expect(loadNotifications.runs).toHaveLength(2);
  });

  it('a push that arrives while a list read before it loads stays in the list; one the list has is not doubled', async () => {
    const { actor, loadNotifications, liveNotifications } = startNotifications(user);
    liveNotifications.emit({ type: 'ws.notification', notification: pushedNotification });
    loadNotifications.resolve([notification]);
    await settle();
    expect(actor.getSnapshot().context.items).toEqual([pushedNotification, notification]);

    actor.send({ type: 'panel.toggle' });
    loadNotifications.resolve([{ ...pushedNotification, read: true }, notification]);
    await settle();
    expect(actor.getSnapshot().context.items).toEqual([{ ...pushedNotification, read: true }, notification]);
  });

  it('notification.open marks it read here, tells the server and opens its conversation', async () => {
    const { actor, loadNotifications, markReadOnServer, openConversation } = startNotifications(user);
    const other = { ...pushedNotification, read: false };
    loadNotifications.resolve([notification, other]);
    await settle();
    actor.send({ type: 'panel.toggle' });
    loadNotifications.resolve([notification, other]);
    await settle();

    actor.send({ type: 'notification.open', notification });
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.items).toEqual([{ ...notification, read: true }, other]);
    expect(markReadOnServer).toHaveBeenCalledTimes(1);
    expect(markReadOnServer).toHaveBeenCalledWith(expect.anything(), { id: notification.id });
    expect(openConversation).toHaveBeenCalledTimes(1);
    expect(openConversation).toHaveBeenCalledWith(expect.anything(), {
      conversationId: notification.conversation_id,
    });
    expect(snapshot.hasTag('panelOpen')).toBe(false);
  });

  it('notification.open on conversations given to review opens the review queue, not the first conversation', async () => {
    const { actor, loadNotifications, markReadOnServer, openConversation, openReviewQueue } =
      startNotifications(user);
    const given: Notification = { ...notification, type: 'REVIEWS_ASSIGNED', assignment_count: 3 };
    loadNotifications.resolve([given]);
    await settle();
    actor.send({ type: 'panel.toggle' });
    loadNotifications.resolve([given]);
    await settle();

    actor.send({ type: 'notification.open', notification: given });
    expect(actor.getSnapshot().context.items).toEqual([{ ...given, read: true }]);
    expect(markReadOnServer).toHaveBeenCalledWith(expect.anything(), { id: given.id });
    expect(openReviewQueue).toHaveBeenCalledTimes(1);
    expect(openConversation).not.toHaveBeenCalled();
  });

  it('a failed load shows "Error loading notifications." (tag error); opening the panel tries again', async () => {
    const { actor, loadNotifications } = startNotifications(user);
    loadNotifications.reject(new ApiError(500, 'Internal Server Error'));
    await settle();
    expect(actor.getSnapshot().matches({ Available: { List: 'Failed' } })).toBe(true);
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    actor.send({ type: 'panel.toggle' });
    expect(actor.getSnapshot().hasTag('error')).toBe(false);
    expect(loadNotifications.runs).toHaveLength(2);
  });

  it('a failure of the live channel changes nothing', async () => {
    const { actor, loadNotifications, liveNotifications } = startNotifications(user);
    loadNotifications.resolve([notification]);
    await settle();
    liveNotifications.reject(new Error('The live channel closed'));
    await settle();
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().matches({ Available: { List: 'Loaded' } })).toBe(true);
  });

  it('an item opened while a reload is in flight stays read when the stale list arrives', async () => {
    const { actor, loadNotifications } = startNotifications(user);
    loadNotifications.resolve([notification]);
    await settle();
    actor.send({ type: 'panel.toggle' });
    actor.send({ type: 'notification.open', notification });
    loadNotifications.resolve([{ ...notification, read: false }]);
    await settle();
    expect(actor.getSnapshot().context.items).toEqual([{ ...notification, read: true }]);
  });

  it('a viewport.changed that crosses no breakpoint changes nothing', async () => {
    const { actor, loadNotifications, liveNotifications } = startNotifications(user);
    loadNotifications.resolve([notification]);
    await settle();
    actor.send({ type: 'panel.toggle' });
    actor.send({ type: 'viewport.changed', mobile: false });
    expect(actor.getSnapshot().hasTag('panelOpen')).toBe(true);
    expect(liveNotifications.streams).toHaveLength(1);
    expect(loadNotifications.runs).toHaveLength(2);
  });
});
