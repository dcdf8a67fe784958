// The principal cache's map: an entry is served until it expires, and past its capacity the least recently used
// entry goes first.
import { describe, expect, it } from 'vitest';
import { expiringCache } from '../../server/plugins/expiring-cache';

describe('expiringCache', () => {
  it('serves an entry until its time is up, then forgets it', () => {
    let now = 1_000;
    const cache = expiringCache<string>({ ttlMs: 100, capacity: 10, now: () => now });
    cache.set('a', 'A');
    now += 99;
    expect(cache.get('a')).toBe('A');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used entry past its capacity', () => {
    const cache = expiringCache<string>({ ttlMs: 1_000, capacity: 2 });
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C');
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
  });

  it('deletes every entry under a prefix and no other', () => {
    const cache = expiringCache<number>({ ttlMs: 1_000, capacity: 10 });
    cache.set('c1:u1', 1);
    cache.set('c1:u2', 2);
    cache.set('c2:u1', 3);
    cache.deletePrefix('c1:');
    expect([cache.get('c1:u1'), cache.get('c1:u2'), cache.get('c2:u1')]).toEqual([undefined, undefined, 3]);
  });
});
