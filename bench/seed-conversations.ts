// Seeds many conversations into one campaign with SQL alone (generate_series, a statement per chunk), for the
// list and export benchmarks: the three types, the demo agents, a year of dates, durations, metadata and text whose
// words follow a skewed distribution (a few words in most conversations, most words in few), as real ones do; then
// an evaluation for most of them, with scores spread evenly and a third validated.
import { sql, type SQL } from 'drizzle-orm';
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
/** Rows per statement at 40 words each; fewer when the texts are longer, so a statement's memory stays the same. */
const chunk = 50_000;

/** How a seed writes its conversations' text: words per conversation (40 unless said). */
export interface SeedText {
  wordsPerConversation?: number;
  /**
   * Draw this many texts per statement and give each conversation one of them, rather than a text of its own:
   * long texts drawn word by word make a million rows take half an hour to seed.
   */
  distinctTexts?: number;
}

const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((value) => `'${value}'`).join(', ')}]::text[]`);

/**
 * Adds `count` ready conversations to the campaign, spread over the year before `now` among `agentIds`, then
 * analyses the table as autovacuum would. Calls `progress` after each chunk with the rows written so far.
 */
export async function seedConversations(
  db: Database,
  {
    campaignId,
    agentIds,
    count,
    wordsPerConversation: words = wordsPerConversation,
    distinctTexts,
  }: { campaignId: string; agentIds: readonly string[]; count: number } & SeedText,
  progress: (written: number) => void = () => {},
): Promise<void> {
  const agents = sql.raw(`array[${agentIds.map((id) => `'${id}'`).join(', ')}]::uuid[]`);
  const rowsPerChunk = Math.max(1000, Math.floor((chunk * wordsPerConversation) / words));
  /** A text drawn word by word, once for each row of the query where `row` is (a row's value, never null). */
  const drawnText = (row: SQL) =>
    sql`(select string_agg((${textArray(vocabulary)})[1 + floor(power(random(), 3) * ${vocabulary.length})::int], ' ')
      from generate_series(1, ${words}) where ${row} is not null)`;
  const pool =
    distinctTexts === undefined
      ? sql``
      : sql`with pool as materialized (
          select p, ${drawnText(sql`p`)} as text from generate_series(0, ${distinctTexts - 1}) as p)`;
  const texts =
    distinctTexts === undefined
      ? sql`cross join lateral (select ${drawnText(sql`n`)} as text) as words`
      : sql`join pool as words on words.p = n % ${distinctTexts}`;
  for (let start = 0; start < count; start += rowsPerChunk) {
    const size = Math.min(rowsPerChunk, count - start);
    await db.execute(sql`${pool}
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
      ${texts}`);
    progress(start + size);
  }
  await db.execute(sql`analyze conversations`);
}

/** The two items the seeded evaluations answer: the first missed below a main score of 50, the second by one in eleven. */
export const seededItemIds = ['019b0000-0000-7000-8000-00000000e001', '019b0000-0000-7000-8000-00000000e002'];
/** One conversation in this many has no evaluation (not evaluated yet). */
const unevaluatedEvery = 10;

const seededItem = (
  index: number,
  score: SQL,
) => sql`jsonb_build_object('item_id', ${seededItemIds[index]}::text,
  'value', case when ${score} = 100 then 'yes' else 'no' end, 'score', ${score}, 'justification', null,
  'evidence', '[]'::jsonb, 'source', 'ai', 'comment', null, 'not_evaluated_reason', null, 'rule_reason', null,
  'needs_review', false, 'failure_detail', null)`;

/**
 * Gives nine conversations in ten of the campaign a finished evaluation with its grid (main score 0–100 evenly,
 * items as `seededItemIds` says), a third of them validated by `validatorId`, then analyses the table.
 */
export async function seedEvaluations(
  db: Database,
  { campaignId, validatorId }: { campaignId: string; validatorId: string },
): Promise<void> {
  await db.execute(sql`
    insert into evaluations (conversation_id, grid_id, grid_version, engine, status, main_score, items,
      validated, validated_by, validated_at)
    select c.id, g.id, g.version, 'rules', 'done', s.score,
      jsonb_build_array(${seededItem(0, sql`case when s.score < 50 then 0 else 100 end`)},
        ${seededItem(1, sql`case when s.n % 11 = 0 then 0 else 100 end`)}),
      s.n % 3 = 0, case when s.n % 3 = 0 then ${validatorId}::uuid end, case when s.n % 3 = 0 then now() end
    from conversations c
    join evaluation_grids g on g.campaign_id = c.campaign_id
    cross join lateral (select abs(hashtext(c.id::text)) as n) as hashed
    cross join lateral (select hashed.n as n, (hashed.n % 101)::real as score) as s
    where c.campaign_id = ${campaignId}::uuid and hashed.n % ${unevaluatedEvery} <> 0
    on conflict (conversation_id) do nothing`);
  await db.execute(sql`analyze evaluations`);
}

/** Gives every conversation of the campaign the phases found in it: the greeting, and four in five each other phase. */
export async function seedPhases(db: Database, campaignId: string) {
  await db.execute(sql`
    update conversations c set phases = found.phases
    from (
      select c2.id, jsonb_agg(jsonb_build_object('name', name, 'marker', lower(name), 'first_turn', position,
          'last_turn', position, 'turns', 1 + floor(random() * 6)::int, 'start_s', null, 'end_s', null,
          'duration_s', round((random() * 120)::numeric, 1)) order by position) as phases
      from conversations c2
      cross join lateral unnest(array['Greeting', 'Identification', 'Diagnosis', 'Resolution', 'Closing'])
        with ordinality as phase(name, position)
      where c2.campaign_id = ${campaignId}::uuid and (position = 1 or random() < 0.8)
      group by c2.id
    ) as found
    where c.id = found.id`);
  await db.execute(sql`analyze conversations`);
}
