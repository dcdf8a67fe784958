// A bounded map whose entries expire: what a cache of rows needs so that it neither grows without end nor serves a
// row longer than it may.

export interface ExpiringCache<Value> {
  /** The value, unless it is missing or expired; a hit makes it the most recently used. */
  get(key: string): Value | undefined;
  set(key: string, value: Value): void;
  delete(key: string): void;
  /** Deletes every entry whose key starts with `prefix`. */
  deletePrefix(prefix: string): void;
  clear(): void;
  readonly size: number;
}

export interface ExpiringCacheOptions {
  /** How long an entry is served after it was set. */
  ttlMs: number;
  /** Past this many entries, the least recently used one goes. */
  capacity: number;
  now?: () => number;
}

export function expiringCache<Value>({
  ttlMs,
  capacity,
  now = Date.now,
}: ExpiringCacheOptions): ExpiringCache<Value> {
  // A Map iterates in insertion order: re-inserting on a hit keeps the least recently used first.
  const entries = new Map<string, { value: Value; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlMs });
      if (entries.size > capacity) entries.delete(entries.keys().next().value as string);
    },
    delete(key) {
      entries.delete(key);
    },
    deletePrefix(prefix) {
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
