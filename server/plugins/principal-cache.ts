// The signed-in users' accounts and their campaign memberships, kept between requests for at most an access token's
// lifetime so that a request does not look them up again; every instance forgets an entry as soon as the database
// announces its change on the principal_changes channel (the triggers of migration 0029, decision 0190).
import { randomUUID } from 'node:crypto';
import { notify, type DatabaseHandle } from '../db/client';
import type { CampaignMembership } from '../domain/access/campaigns';
import type { UserRecord } from '../domain/access/principal';
import { expiringCache } from './expiring-cache';

export const principalChangesChannel = 'principal_changes';

/** What a campaign's access rules read: its organisation and the user's membership of it (null: not a member). */
export interface CampaignAccessRecord {
  organisationId: string;
  membership: CampaignMembership;
}

/** Where the cache reads what it does not hold; undefined when there is no such user or campaign. */
export interface PrincipalLoaders {
  account(userId: string): Promise<UserRecord | undefined>;
  campaignAccess(campaignId: string, userId: string): Promise<CampaignAccessRecord | undefined>;
}

export interface PrincipalCache {
  /** The user with this id, whatever their status; undefined when there is none. */
  account(userId: string): Promise<UserRecord | undefined>;
  /** The campaign's organisation and the user's membership of it; undefined when there is no such campaign. */
  campaignAccess(campaignId: string, userId: string): Promise<CampaignAccessRecord | undefined>;
  /**
   * Resolves once this instance has heard every change committed before the call, so that the answer to a
   * change is sent only when the next request of its caller can no longer read what it replaced.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export interface PrincipalCacheOptions {
  database: DatabaseHandle;
  loaders: PrincipalLoaders;
  /** The access token's lifetime: an entry is never served for longer. */
  ttlSeconds: number;
  /** Entries kept at most in each of the two maps. */
  capacity?: number;
  /** How long `settle` waits for its own message before it forgets every entry instead. */
  settleTimeoutMs?: number;
}

const defaultCapacity = 10_000;

const membershipKey = (campaignId: string, userId: string) => `${campaignId}:${userId}`;

export async function createPrincipalCache({
  database,
  loaders,
  ttlSeconds,
  capacity = defaultCapacity,
  settleTimeoutMs = 2_000,
}: PrincipalCacheOptions): Promise<PrincipalCache> {
  const accounts = expiringCache<UserRecord>({ ttlMs: ttlSeconds * 1000, capacity });
  const campaignAccesses = expiringCache<CampaignAccessRecord>({ ttlMs: ttlSeconds * 1000, capacity });
  /** Counts the changes heard: a row read before a change and stored after it would outlive it. */
  let generation = 0;
  const settling = new Map<string, () => void>();

  const forgetEverything = () => {
    generation += 1;
    accounts.clear();
    campaignAccesses.clear();
  };

  const hear = (payload: string) => {
    const [kind, first, second] = payload.split(':');
    if (kind === 'settled') {
      settling.get(first ?? '')?.();
      return;
    }
    generation += 1;
    if (kind === 'user' && first) accounts.delete(first);
    else if (kind === 'member' && first && second) campaignAccesses.delete(membershipKey(first, second));
    else if (kind === 'campaign' && first) campaignAccesses.deletePrefix(`${first}:`);
    else forgetEverything();
  };
  const unlisten = await database.listen(principalChangesChannel, hear);

  /** Reads through the cache; keeps what `load` found only if `keep` says so and nothing changed meanwhile. */
  async function readThrough<Value>(
    cache: { get(key: string): Value | undefined; set(key: string, value: Value): void },
    key: string,
    load: () => Promise<Value | undefined>,
    keep: (value: Value) => boolean,
  ): Promise<Value | undefined> {
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    const before = generation;
    const loaded = await load();
    if (loaded !== undefined && keep(loaded) && generation === before) cache.set(key, loaded);
    return loaded;
  }

  return {
    account: (userId) =>
      // Only active accounts: the others are refused anyway, and an invited one turns active without the API.
      readThrough(
        accounts,
        userId,
        () => loaders.account(userId),
        (user) => user.status === 'active',
      ),
    campaignAccess: (campaignId, userId) =>
      readThrough(
        campaignAccesses,
        membershipKey(campaignId, userId),
        () => loaders.campaignAccess(campaignId, userId),
        () => true,
      ),
    async settle() {
      const token = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<void>((resolve) => {
        settling.set(token, resolve);
        timer = setTimeout(() => {
          // The listening connection is lost or late: nothing said what changed, so nothing is kept.
          forgetEverything();
          resolve();
        }, settleTimeoutMs);
      });
      try {
        await notify(database.db, principalChangesChannel, `settled:${token}`);
        await heard;
      } finally {
        clearTimeout(timer);
        settling.delete(token);
      }
    },
    async close() {
      await unlisten();
      forgetEverything();
    },
  };
}
