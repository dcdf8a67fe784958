-- Emails' first response (decision 0216): how long the customer waited for the agent's first reply, kept on the
-- conversation as a generated column and summed in the figures' rollups, so that the KPIs average it per type as they
-- average calls' and chats' durations, from the rollups.
--
-- The first response of an email thread: from the customer's first dated email to the agent's first dated email after
-- it (in the thread's order), capped at a year as a computed duration is (domain/new-conversation.ts); null for calls
-- and chats, for a thread with no such pair, and when the reply is dated before the question. The CASE keeps the
-- turns of calls and chats unread. IMMUTABLE: it reads only its arguments, as a generated column requires.
CREATE FUNCTION email_first_response_s(type text, turns jsonb) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN type = 'email' THEN (
    SELECT least(reply.sent_at - asked.sent_at, 366 * 24 * 3600)::integer
    FROM (
      SELECT position, (turn ->> 'sent_at')::bigint AS sent_at
      FROM jsonb_array_elements(turns) WITH ORDINALITY AS asked(turn, position)
      WHERE turn ->> 'speaker' = 'customer' AND turn ->> 'sent_at' IS NOT NULL
      ORDER BY position LIMIT 1
    ) AS asked
    CROSS JOIN LATERAL (
      SELECT (turn ->> 'sent_at')::bigint AS sent_at
      FROM jsonb_array_elements(turns) WITH ORDINALITY AS reply(turn, position)
      WHERE turn ->> 'speaker' = 'agent' AND turn ->> 'sent_at' IS NOT NULL AND position > asked.position
      ORDER BY position LIMIT 1
    ) AS reply
    WHERE reply.sent_at >= asked.sent_at
  ) END
$$;
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "first_response_s" integer GENERATED ALWAYS AS (email_first_response_s(type, turns)) STORED;--> statement-breakpoint
-- The new figures start at 0 in the rows already there (filled below); like the others, they have no default.
ALTER TABLE "dashboard_daily_figures" ADD COLUMN "responded" integer NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "dashboard_daily_figures" ADD COLUMN "first_response_sum" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "dashboard_hourly_figures" ADD COLUMN "responded" integer NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "dashboard_hourly_figures" ADD COLUMN "first_response_sum" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "dashboard_daily_figures" ALTER COLUMN "responded" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "dashboard_daily_figures" ALTER COLUMN "first_response_sum" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "dashboard_hourly_figures" ALTER COLUMN "responded" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "dashboard_hourly_figures" ALTER COLUMN "first_response_sum" DROP DEFAULT;--> statement-breakpoint
-- As in migration 0028, with the two figures at the end of the row (the tables' column order). The triggers call
-- these functions by name, so they are not replaced.
CREATE OR REPLACE FUNCTION dashboard_figures_of(c conversations, e evaluations, conversation_sign integer, evaluation_sign integer)
RETURNS SETOF dashboard_hourly_figures LANGUAGE sql IMMUTABLE AS $$
  SELECT
    c.campaign_id,
    date_trunc('hour', c.started_at AT TIME ZONE 'UTC'),
    c.agent_id,
    c.type,
    conversation_sign,
    CASE WHEN c.status = 'ready' THEN conversation_sign ELSE 0 END,
    CASE WHEN c.sentiment = 'NEGATIVE' THEN conversation_sign ELSE 0 END,
    CASE WHEN c.sentiment IS NOT NULL THEN conversation_sign ELSE 0 END,
    CASE WHEN c.duration_s > 0 THEN conversation_sign ELSE 0 END,
    CASE WHEN c.duration_s > 0 THEN conversation_sign * c.duration_s::bigint ELSE 0 END,
    CASE WHEN e.status = 'done' THEN evaluation_sign ELSE 0 END,
    CASE WHEN e.validated THEN evaluation_sign ELSE 0 END,
    CASE WHEN scored THEN evaluation_sign ELSE 0 END,
    CASE WHEN scored THEN evaluation_sign * e.main_score::float8 ELSE 0 END,
    CASE WHEN scored AND e.auto_failed THEN evaluation_sign ELSE 0 END,
    CASE WHEN scored AND least(floor(e.main_score / 10), 9)::int = 0 THEN evaluation_sign ELSE 0 END,
    CASE WHEN scored AND least(floor(e.main_score / 10), 9)::int = 1 THEN evaluation_sign ELSE 0 END,
    CASE WHEN scored AND least(floor(e.main_score / 10), 9)::int = 2 THEN evaluation_sign ELSE 0 END,
    CASE WHEN scored AND least(floor(e.main_score / 10), 9)::int = 3 THEN evaluation_sign ELSE 0 END,
    CASE WHEN scored AND least(floor(e.main_score / 10), 9)::int = 4 THEN evaluation_sign ELSE 0 END,
    CASE WHEN scored AND least(floor(e.main_score / 10), 9)::int = 5 THEN evaluation_sign ELSE 0 END,
    CASE WHEN scored AND least(floor(e.main_score / 10), 9)::int = 6 THEN evaluation_sign ELSE 0 END,
    CASE WHEN scored AND least(floor(e.main_score / 10), 9)::int = 7 THEN evaluation_sign ELSE 0 END,
    CASE WHEN scored AND least(floor(e.main_score / 10), 9)::int = 8 THEN evaluation_sign ELSE 0 END,
    CASE WHEN scored AND least(floor(e.main_score / 10), 9)::int = 9 THEN evaluation_sign ELSE 0 END,
    CASE WHEN c.first_response_s IS NOT NULL THEN conversation_sign ELSE 0 END,
    CASE WHEN c.first_response_s IS NOT NULL THEN conversation_sign * c.first_response_s::bigint ELSE 0 END
  FROM (SELECT e.status = 'done' AND e.main_score IS NOT NULL AS scored) AS evaluation
  WHERE NOT c.is_test
$$;
--> statement-breakpoint
-- The hours' rows of the changes, summed per key; a key whose changes cancel out is not written.
CREATE OR REPLACE FUNCTION add_dashboard_hourly_figures(changes dashboard_hourly_figures[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_hourly_figures AS f (campaign_id, hour, agent_id, type, conversations, analysed, negative_sentiment, with_sentiment, timed, duration_sum, evaluated, validated, scored, score_sum, auto_failed, score_bin_0, score_bin_1, score_bin_2, score_bin_3, score_bin_4, score_bin_5, score_bin_6, score_bin_7, score_bin_8, score_bin_9, responded, first_response_sum)
  SELECT campaign_id, hour, agent_id, type, sum(conversations), sum(analysed), sum(negative_sentiment), sum(with_sentiment), sum(timed), sum(duration_sum), sum(evaluated), sum(validated), sum(scored), sum(score_sum), sum(auto_failed), sum(score_bin_0), sum(score_bin_1), sum(score_bin_2), sum(score_bin_3), sum(score_bin_4), sum(score_bin_5), sum(score_bin_6), sum(score_bin_7), sum(score_bin_8), sum(score_bin_9), sum(responded), sum(first_response_sum)
  FROM unnest(changes)
  GROUP BY campaign_id, hour, agent_id, type
  HAVING ROW(sum(conversations), sum(analysed), sum(negative_sentiment), sum(with_sentiment), sum(timed), sum(duration_sum), sum(evaluated), sum(validated), sum(scored), sum(score_sum), sum(auto_failed), sum(score_bin_0), sum(score_bin_1), sum(score_bin_2), sum(score_bin_3), sum(score_bin_4), sum(score_bin_5), sum(score_bin_6), sum(score_bin_7), sum(score_bin_8), sum(score_bin_9), sum(responded), sum(first_response_sum)) IS DISTINCT FROM ROW(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  ORDER BY campaign_id, hour, agent_id, type
  ON CONFLICT ON CONSTRAINT dashboard_hourly_figures_key DO UPDATE SET
    conversations = f.conversations + excluded.conversations,
    analysed = f.analysed + excluded.analysed,
    negative_sentiment = f.negative_sentiment + excluded.negative_sentiment,
    with_sentiment = f.with_sentiment + excluded.with_sentiment,
    timed = f.timed + excluded.timed,
    duration_sum = f.duration_sum + excluded.duration_sum,
    evaluated = f.evaluated + excluded.evaluated,
    validated = f.validated + excluded.validated,
    scored = f.scored + excluded.scored,
    score_sum = f.score_sum + excluded.score_sum,
    auto_failed = f.auto_failed + excluded.auto_failed,
    score_bin_0 = f.score_bin_0 + excluded.score_bin_0,
    score_bin_1 = f.score_bin_1 + excluded.score_bin_1,
    score_bin_2 = f.score_bin_2 + excluded.score_bin_2,
    score_bin_3 = f.score_bin_3 + excluded.score_bin_3,
    score_bin_4 = f.score_bin_4 + excluded.score_bin_4,
    score_bin_5 = f.score_bin_5 + excluded.score_bin_5,
    score_bin_6 = f.score_bin_6 + excluded.score_bin_6,
    score_bin_7 = f.score_bin_7 + excluded.score_bin_7,
    score_bin_8 = f.score_bin_8 + excluded.score_bin_8,
    score_bin_9 = f.score_bin_9 + excluded.score_bin_9,
    responded = f.responded + excluded.responded,
    first_response_sum = f.first_response_sum + excluded.first_response_sum;
END $$;
--> statement-breakpoint
-- The days' rows, then the hours' rows of the changes.
CREATE OR REPLACE FUNCTION add_dashboard_figures(changes dashboard_hourly_figures[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_daily_figures AS f (campaign_id, day, agent_id, type, conversations, analysed, negative_sentiment, with_sentiment, timed, duration_sum, evaluated, validated, scored, score_sum, auto_failed, score_bin_0, score_bin_1, score_bin_2, score_bin_3, score_bin_4, score_bin_5, score_bin_6, score_bin_7, score_bin_8, score_bin_9, responded, first_response_sum)
  SELECT campaign_id, hour::date, agent_id, type, sum(conversations), sum(analysed), sum(negative_sentiment), sum(with_sentiment), sum(timed), sum(duration_sum), sum(evaluated), sum(validated), sum(scored), sum(score_sum), sum(auto_failed), sum(score_bin_0), sum(score_bin_1), sum(score_bin_2), sum(score_bin_3), sum(score_bin_4), sum(score_bin_5), sum(score_bin_6), sum(score_bin_7), sum(score_bin_8), sum(score_bin_9), sum(responded), sum(first_response_sum)
  FROM unnest(changes)
  GROUP BY campaign_id, hour::date, agent_id, type
  HAVING ROW(sum(conversations), sum(analysed), sum(negative_sentiment), sum(with_sentiment), sum(timed), sum(duration_sum), sum(evaluated), sum(validated), sum(scored), sum(score_sum), sum(auto_failed), sum(score_bin_0), sum(score_bin_1), sum(score_bin_2), sum(score_bin_3), sum(score_bin_4), sum(score_bin_5), sum(score_bin_6), sum(score_bin_7), sum(score_bin_8), sum(score_bin_9), sum(responded), sum(first_response_sum)) IS DISTINCT FROM ROW(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  ORDER BY campaign_id, hour::date, agent_id, type
  ON CONFLICT ON CONSTRAINT dashboard_daily_figures_key DO UPDATE SET
    conversations = f.conversations + excluded.conversations,
    analysed = f.analysed + excluded.analysed,
    negative_sentiment = f.negative_sentiment + excluded.negative_sentiment,
    with_sentiment = f.with_sentiment + excluded.with_sentiment,
    timed = f.timed + excluded.timed,
    duration_sum = f.duration_sum + excluded.duration_sum,
    evaluated = f.evaluated + excluded.evaluated,
    validated = f.validated + excluded.validated,
    scored = f.scored + excluded.scored,
    score_sum = f.score_sum + excluded.score_sum,
    auto_failed = f.auto_failed + excluded.auto_failed,
    score_bin_0 = f.score_bin_0 + excluded.score_bin_0,
    score_bin_1 = f.score_bin_1 + excluded.score_bin_1,
    score_bin_2 = f.score_bin_2 + excluded.score_bin_2,
    score_bin_3 = f.score_bin_3 + excluded.score_bin_3,
    score_bin_4 = f.score_bin_4 + excluded.score_bin_4,
    score_bin_5 = f.score_bin_5 + excluded.score_bin_5,
    score_bin_6 = f.score_bin_6 + excluded.score_bin_6,
    score_bin_7 = f.score_bin_7 + excluded.score_bin_7,
    score_bin_8 = f.score_bin_8 + excluded.score_bin_8,
    score_bin_9 = f.score_bin_9 + excluded.score_bin_9,
    responded = f.responded + excluded.responded,
    first_response_sum = f.first_response_sum + excluded.first_response_sum;
  PERFORM add_dashboard_hourly_figures(changes);
END $$;
--> statement-breakpoint
-- Fills the two figures of the rows already there from the emails with a first response (each is counted in its
-- day's and its hour's row already).
UPDATE dashboard_daily_figures AS f SET responded = filled.responded, first_response_sum = filled.first_response_sum
FROM (
  SELECT campaign_id, (started_at AT TIME ZONE 'UTC')::date AS day, agent_id, type,
    count(*)::int AS responded, sum(first_response_s)::bigint AS first_response_sum
  FROM conversations
  WHERE first_response_s IS NOT NULL AND NOT is_test
  GROUP BY 1, 2, 3, 4
) AS filled
WHERE f.campaign_id = filled.campaign_id AND f.day = filled.day AND f.agent_id IS NOT DISTINCT FROM filled.agent_id
  AND f.type = filled.type;
--> statement-breakpoint
UPDATE dashboard_hourly_figures AS f SET responded = filled.responded, first_response_sum = filled.first_response_sum
FROM (
  SELECT campaign_id, date_trunc('hour', started_at AT TIME ZONE 'UTC') AS hour, agent_id, type,
    count(*)::int AS responded, sum(first_response_s)::bigint AS first_response_sum
  FROM conversations
  WHERE first_response_s IS NOT NULL AND NOT is_test
  GROUP BY 1, 2, 3, 4
) AS filled
WHERE f.campaign_id = filled.campaign_id AND f.hour = filled.hour AND f.agent_id IS NOT DISTINCT FROM filled.agent_id
  AND f.type = filled.type;
--> statement-breakpoint
-- The edges' rows read first_response_s too: the date index carries it, so that they stay index-only scans
-- (migration 0025).
DROP INDEX conversations_campaign_started_idx;
--> statement-breakpoint
CREATE INDEX conversations_campaign_started_idx ON conversations (campaign_id, started_at, id)
  INCLUDE (agent_id, type, status, sentiment, duration_s, is_test, first_response_s);
