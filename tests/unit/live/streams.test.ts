// The campaign's live messages in batches: a burst arrives as one batch, in order, and nothing is emitted while no
// message comes.
import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inBatches } from '../../../src/services/live/streams';

describe('inBatches', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gathers the messages of a window into one batch, and starts the next window with the next message', () => {
    const messages = new Subject<number>();
    const batches: number[][] = [];
    const subscription = messages.pipe(inBatches(200)).subscribe((batch) => batches.push(batch));

    messages.next(1);
    vi.advanceTimersByTime(100);
    messages.next(2);
    messages.next(3);
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(batches).toEqual([[1, 2, 3]]);

    vi.advanceTimersByTime(1000);
    expect(batches).toEqual([[1, 2, 3]]);
    messages.next(4);
    vi.advanceTimersByTime(200);
    expect(batches).toEqual([[1, 2, 3], [4]]);
    subscription.unsubscribe();
  });
});
