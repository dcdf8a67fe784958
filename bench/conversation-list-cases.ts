// The list requests bench/conversations.ts times and bench/conversations-server.ts explains: the first page, a deep
// page, filtered pages and searches, each as the `filters` the list page sends.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ConversationFilters } from '../contract/conversations';
import type { ListCursor } from '../server/conversations/list-store';
import type { Database } from '../server/db/client';
import { conversations } from '../server/db/schema';
import { missingWord, rareWord, seededItemIds, uncommonWord } from './seed-conversations';
import { demoUsers } from '../server/demo/data';

export interface ListCase {
  name: string;
  filters?: ConversationFilters;
  /** Starts after the conversation this deep in the unfiltered list (the id is looked up once seeded). */
  deep?: boolean;
}

export const listCases: ListCase[] = [
  { name: 'first page' },
  { name: 'deep page (start_after, half way)', deep: true },
  {
    name: 'filtered: type + metadata + duration',
    filters: {
      types: ['chat'],
      conversationsMetadata: { channel: ['web'], tier: ['gold'] },
      duration: { min: { value: 5, unit: 'm' }, max: { value: 20, unit: 'm' } },
    },
  },
  { name: 'search: common word', filters: { q: 'refund' } },
  { name: `search: uncommon word (~0.7 %)`, filters: { q: uncommonWord } },
  { name: `search: rare word (0.05 %)`, filters: { q: rareWord } },
  { name: 'search: word in no conversation', filters: { q: missingWord } },
  {
    name: 'search + type + metadata',
    filters: { q: 'invoice', types: ['email'], conversationsMetadata: { tier: ['bronze'] } },
  },
  { name: 'evaluation: score 80–100 (~18 %)', filters: { score: { min: 80 } } },
  { name: 'evaluation: item missed (~9 %)', filters: { evalItems: [seededItemIds[1] as string] } },
  { name: 'evaluation: not validated (~70 %)', filters: { validated: false } },
  {
    name: 'evaluation: validated by + score ≤ 1 (~0.6 %)',
    filters: { validators: [demoUsers.supervisor.id], score: { max: 1 } },
  },
];

/** How deep the deep page starts: half the seeded conversations. */
export const deepFraction = 0.5;

/** The conversation `depth` rows down a campaign's newest-first list, where a deep page starts. */
export async function deepPageCursor(db: Database, campaignId: string, depth: number): Promise<ListCursor> {
  const [row] = await db
    .select({ id: conversations.id, startedAt: sql<string>`${conversations.startedAt}::text` })
    .from(conversations)
    .where(and(eq(conversations.campaignId, campaignId), eq(conversations.isTest, false)))
    .orderBy(desc(conversations.startedAt), desc(conversations.id))
    .offset(depth)
    .limit(1);
  if (!row) throw new Error('Not enough conversations for a deep page');
  return row;
}
