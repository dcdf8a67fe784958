// Seeds many conversations into one campaign with SQL alone (generate_series, a statement per chunk), for the
// list and export benchmarks: the three types, the demo agents, a year of dates, durations, metadata and text whose
// words follow a skewed distribution (a few words in most conversations, most words in few), as real ones do.
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';

/** Words of the seeded texts: the first are common, `term…` ones ever rarer. */
const commonWords = [
  'order',
  'refund',
  'delivery',
  'invoice',
  'account',
  'password',
  'parcel',
  'bill',
  'payment',
  'card',
  'address',
  'subscription',
  'upgrade',
  'cancel',
  'thanks',
  'hello',
  'problem',
  'late',
  'broken',
  'help',
];
const vocabularySize = 2000;
export const vocabulary = [
  ...commonWords,
  ...Array.from({ length: vocabularySize - commonWords.length }, (_, n) => `term${n}`),
];
/** A word of the vocabulary found in none of the seeded conversations. */
export const missingWord = 'zzyzx';
/** The least frequent word of the vocabulary: about 0.7 % of the conversations hold it. */
export const uncommonWord = `term${vocabularySize - commonWords.length - 1}`;
/** A word added to one conversation in `rareWordEvery`. */
export const rareWord = 'warranty';
const rareWordEvery = 2000;

export const seededMetadata = {
  channel: ['phone', 'web', 'app', 'email'],
  product: Array.from({ length: 12 }, (_, n) => `product-${n}`),
  tier: ['gold', 'silver', 'bronze'],
};

const wordsPerConversation = 40;
const chunk = 50_000;

const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((value) => `'${value}'`).join(', ')}]::text[]`);

/**
 * Adds `count` ready conversations to the campaign, spread over the year before `now` among `agentIds`, then
 * analyses the table as autovacuum would. Calls `progress` after each chunk with the rows written so far.
 */
export async function seedConversations(
  db: Database,
  { campaignId, agentIds, count }: { campaignId: string; agentIds: readonly string[]; count: number },
  progress: (written: number) => void = () => {},
): Promise<void> {
  const agents = sql.raw(`array[${agentIds.map((id) => `'${id}'`).join(', ')}]::uuid[]`);
  for (let start = 0; start < count; start += chunk) {
    const size = Math.min(chunk, count - start);
    await db.execute(sql`
      insert into conversations (id, campaign_id, type, agent_id, status, language, started_at, duration_s,
        metadata, turns, search_text, sentiment, topics)
      select gen_random_uuid(), ${campaignId}::uuid,
        (array['call', 'chat', 'email'])[1 + n % 3],
        (${agents})[1 + n % ${agentIds.length}],
        'ready',
        case when n % 4 = 0 then 'fr' else 'en' end,
        now() - (random() * interval '365 days'),
        (random() * 1800)::int,
        jsonb_build_object(
          'channel', (${textArray(seededMetadata.channel)})[1 + n % ${seededMetadata.channel.length}],
          'product', (${textArray(seededMetadata.product)})[1 + (n / 7) % ${seededMetadata.product.length}],
          'tier', (${textArray(seededMetadata.tier)})[1 + (n / 3) % ${seededMetadata.tier.length}]),
        jsonb_build_array(jsonb_build_object('speaker', 'customer', 'text', words.text, 'subject', null,
          'start_s', null, 'end_s', null, 'sent_at', null, 'sentiment', null)),
        concat_ws(' ', words.text, case when n % ${rareWordEvery} = 0 then ${rareWord} end),
        (array['POSITIVE', 'NEGATIVE', 'NEUTRAL'])[1 + n % 3],
        '[]'::jsonb
      from generate_series(${start + 1}::int, ${start + size}::int) as n
      cross join lateral (
        select string_agg((${textArray(vocabulary)})[1 + floor(power(random(), 3) * ${vocabulary.length})::int], ' ')
          as text
        from generate_series(1, ${wordsPerConversation}) where n > 0
      ) as words`);
    progress(start + size);
  }
  await db.execute(sql`analyze conversations`);
}
