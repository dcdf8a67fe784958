CREATE TABLE "dashboard_daily_items" (
	"campaign_id" uuid NOT NULL,
	"day" date NOT NULL,
	"agent_id" uuid,
	"item_id" text NOT NULL,
	"value" text,
	"answers" integer NOT NULL,
	"scored" integer NOT NULL,
	"score_sum" numeric NOT NULL,
	CONSTRAINT "dashboard_daily_items_key" UNIQUE NULLS NOT DISTINCT("campaign_id","day","agent_id","item_id","value")
);
--> statement-breakpoint
CREATE TABLE "dashboard_daily_topics" (
	"campaign_id" uuid NOT NULL,
	"day" date NOT NULL,
	"agent_id" uuid,
	"topic" text NOT NULL,
	"conversations" integer NOT NULL,
	"scored" integer NOT NULL,
	"score_sum" double precision NOT NULL,
	"negative_sentiment" integer NOT NULL,
	"with_sentiment" integer NOT NULL,
	CONSTRAINT "dashboard_daily_topics_key" UNIQUE NULLS NOT DISTINCT("campaign_id","day","agent_id","topic")
);
--> statement-breakpoint
ALTER TABLE "dashboard_daily_items" ADD CONSTRAINT "dashboard_daily_items_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_daily_topics" ADD CONSTRAINT "dashboard_daily_topics_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The topics' and items' daily rollups are kept as migration 0022 keeps the daily figures: the same statement-level
-- triggers on conversations and evaluations (their functions replaced here to write the two new tables too), one
-- aggregated upsert per statement and table, rows in key order.
--
-- What one conversation and its evaluation (null when none) add to the topics' rows: one row per topic named (a
-- topic named twice counts twice, as the graph's unnest counts it); no row for a test conversation.
CREATE FUNCTION dashboard_topics_of(c conversations, e evaluations, conversation_sign integer, evaluation_sign integer)
RETURNS SETOF dashboard_daily_topics LANGUAGE sql IMMUTABLE AS $$
  SELECT
    c.campaign_id,
    (c.started_at AT TIME ZONE 'UTC')::date,
    c.agent_id,
    topic.name,
    conversation_sign,
    CASE WHEN scored THEN evaluation_sign ELSE 0 END,
    CASE WHEN scored THEN evaluation_sign * e.main_score::float8 ELSE 0 END,
    CASE WHEN c.sentiment = 'NEGATIVE' THEN conversation_sign ELSE 0 END,
    CASE WHEN c.sentiment IS NOT NULL THEN conversation_sign ELSE 0 END
  FROM jsonb_array_elements_text(c.topics) AS topic(name),
    (SELECT e.status = 'done' AND e.main_score IS NOT NULL AS scored) AS evaluation
  WHERE NOT c.is_test
$$;
--> statement-breakpoint
-- What a done evaluation of a conversation (not a test) adds to the items' rows, times sign: one row per answered
-- item (a value that is not JSON null), the value as text unless an object, the score as numeric (exact sums).
CREATE FUNCTION dashboard_items_of(c conversations, e evaluations, sign integer)
RETURNS SETOF dashboard_daily_items LANGUAGE sql IMMUTABLE AS $$
  SELECT
    c.campaign_id,
    (c.started_at AT TIME ZONE 'UTC')::date,
    c.agent_id,
    item ->> 'item_id',
    CASE WHEN jsonb_typeof(item -> 'value') IN ('string', 'number') THEN item ->> 'value' END,
    sign,
    CASE WHEN item ->> 'score' IS NOT NULL THEN sign ELSE 0 END,
    coalesce(sign * (item ->> 'score')::numeric, 0)
  FROM jsonb_array_elements(e.items) AS item
  WHERE NOT c.is_test AND e.status = 'done' AND item ->> 'item_id' IS NOT NULL
    AND jsonb_typeof(item -> 'value') IS DISTINCT FROM 'null'
$$;
--> statement-breakpoint
CREATE FUNCTION add_dashboard_topics(changes dashboard_daily_topics[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_daily_topics AS f
    (campaign_id, day, agent_id, topic, conversations, scored, score_sum, negative_sentiment, with_sentiment)
  SELECT campaign_id, day, agent_id, topic,
    sum(conversations), sum(scored), sum(score_sum), sum(negative_sentiment), sum(with_sentiment)
  FROM unnest(changes)
  GROUP BY campaign_id, day, agent_id, topic
  HAVING ROW(sum(conversations), sum(scored), sum(score_sum), sum(negative_sentiment), sum(with_sentiment))
    IS DISTINCT FROM ROW(0, 0, 0, 0, 0)
  ORDER BY campaign_id, day, agent_id, topic
  ON CONFLICT ON CONSTRAINT dashboard_daily_topics_key DO UPDATE SET
    conversations = f.conversations + excluded.conversations,
    scored = f.scored + excluded.scored,
    score_sum = f.score_sum + excluded.score_sum,
    negative_sentiment = f.negative_sentiment + excluded.negative_sentiment,
    with_sentiment = f.with_sentiment + excluded.with_sentiment;
END $$;
--> statement-breakpoint
CREATE FUNCTION add_dashboard_items(changes dashboard_daily_items[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_daily_items AS f (campaign_id, day, agent_id, item_id, value, answers, scored, score_sum)
  SELECT campaign_id, day, agent_id, item_id, value, sum(answers), sum(scored), sum(score_sum)
  FROM unnest(changes)
  GROUP BY campaign_id, day, agent_id, item_id, value
  HAVING ROW(sum(answers), sum(scored), sum(score_sum)) IS DISTINCT FROM ROW(0, 0, 0)
  ORDER BY campaign_id, day, agent_id, item_id, value
  ON CONFLICT ON CONSTRAINT dashboard_daily_items_key DO UPDATE SET
    answers = f.answers + excluded.answers,
    scored = f.scored + excluded.scored,
    score_sum = f.score_sum + excluded.score_sum;
END $$;
--> statement-breakpoint
-- New conversations have no evaluation yet: their topics only.
CREATE OR REPLACE FUNCTION add_inserted_conversations_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_dashboard_figures(ARRAY(
    SELECT dashboard_figures_of(inserted, NULL, 1, 1) FROM inserted_conversations AS inserted));
  PERFORM add_dashboard_phases(ARRAY(
    SELECT dashboard_phases_of(inserted, 1) FROM inserted_conversations AS inserted));
  PERFORM add_dashboard_topics(ARRAY(
    SELECT dashboard_topics_of(inserted, NULL, 1, 1) FROM inserted_conversations AS inserted));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Topics and items move only with the columns they are keyed or counted by: the old and new rows are paired by id
-- (a join of the two transition tables' narrow columns, nothing else), and only the conversations whose campaign,
-- start, agent or test flag changed (for topics, also their topics or sentiment) are counted, so that the jobs'
-- status, transcript and analysis writes, and a bulk re-queue, unnest no evaluation's items and write nothing here.
-- Nested loops are off for this function: PL/pgSQL keeps a statement's plan for the session, and a nested loop
-- planned for a one-row update was kept for a 20,000-row update after it (quadratic: over 90 s instead of a few);
-- a hash or merge join costs little more on one row.
CREATE OR REPLACE FUNCTION add_updated_conversations_figures() RETURNS trigger LANGUAGE plpgsql
SET enable_nestloop = off AS $$
DECLARE
  topics_moved uuid[];
  items_moved uuid[];
BEGIN
  PERFORM add_dashboard_figures(ARRAY(
    SELECT dashboard_figures_of(previous, (SELECT e FROM evaluations AS e WHERE e.conversation_id = previous.id), -1, -1)
    FROM updated_from AS previous
    UNION ALL
    SELECT dashboard_figures_of(changed, (SELECT e FROM evaluations AS e WHERE e.conversation_id = changed.id), 1, 1)
    FROM updated_to AS changed));
  PERFORM add_dashboard_phases(ARRAY(
    SELECT dashboard_phases_of(previous, -1) FROM updated_from AS previous
    UNION ALL
    SELECT dashboard_phases_of(changed, 1) FROM updated_to AS changed));
  SELECT
    coalesce(array_agg(previous.id) FILTER (WHERE
      (previous.campaign_id, previous.started_at, previous.agent_id, previous.is_test, previous.topics, previous.sentiment)
      IS DISTINCT FROM (changed.campaign_id, changed.started_at, changed.agent_id, changed.is_test, changed.topics, changed.sentiment)), '{}'),
    coalesce(array_agg(previous.id) FILTER (WHERE
      (previous.campaign_id, previous.started_at, previous.agent_id, previous.is_test)
      IS DISTINCT FROM (changed.campaign_id, changed.started_at, changed.agent_id, changed.is_test)), '{}')
  INTO topics_moved, items_moved
  FROM updated_from AS previous JOIN updated_to AS changed ON changed.id = previous.id;
  IF cardinality(topics_moved) > 0 THEN
    PERFORM add_dashboard_topics(ARRAY(
      SELECT dashboard_topics_of(previous, (SELECT e FROM evaluations AS e WHERE e.conversation_id = previous.id), -1, -1)
      FROM updated_from AS previous WHERE previous.id IN (SELECT unnest(topics_moved))
      UNION ALL
      SELECT dashboard_topics_of(changed, (SELECT e FROM evaluations AS e WHERE e.conversation_id = changed.id), 1, 1)
      FROM updated_to AS changed WHERE changed.id IN (SELECT unnest(topics_moved))));
  END IF;
  IF cardinality(items_moved) > 0 THEN
    PERFORM add_dashboard_items(ARRAY(
      SELECT dashboard_items_of(previous, (SELECT e FROM evaluations AS e WHERE e.conversation_id = previous.id), -1)
      FROM updated_from AS previous WHERE previous.id IN (SELECT unnest(items_moved))
      UNION ALL
      SELECT dashboard_items_of(changed, (SELECT e FROM evaluations AS e WHERE e.conversation_id = changed.id), 1)
      FROM updated_to AS changed WHERE changed.id IN (SELECT unnest(items_moved))));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION remove_deleted_conversation_figures() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  evaluation evaluations;
BEGIN
  IF EXISTS (SELECT FROM campaigns WHERE id = OLD.campaign_id) THEN
    SELECT * INTO evaluation FROM evaluations WHERE conversation_id = OLD.id;
    PERFORM add_dashboard_figures(ARRAY(SELECT dashboard_figures_of(OLD, evaluation, -1, -1)));
    PERFORM add_dashboard_phases(ARRAY(SELECT dashboard_phases_of(OLD, -1)));
    PERFORM add_dashboard_topics(ARRAY(SELECT dashboard_topics_of(OLD, evaluation, -1, -1)));
    PERFORM add_dashboard_items(ARRAY(SELECT dashboard_items_of(OLD, evaluation, -1)));
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- As in 0022: the conversations locked first, each looked up by a subquery per row (never a join).
CREATE OR REPLACE FUNCTION add_changed_evaluations_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM (SELECT 1 FROM conversations AS c WHERE c.id = inserted.conversation_id FOR SHARE)
    FROM inserted_evaluations AS inserted ORDER BY inserted.conversation_id;
    PERFORM add_dashboard_figures(ARRAY(
      SELECT dashboard_figures_of((SELECT c FROM conversations AS c WHERE c.id = inserted.conversation_id), inserted, 0, 1)
      FROM inserted_evaluations AS inserted));
    PERFORM add_dashboard_topics(ARRAY(
      SELECT dashboard_topics_of((SELECT c FROM conversations AS c WHERE c.id = inserted.conversation_id), inserted, 0, 1)
      FROM inserted_evaluations AS inserted));
    PERFORM add_dashboard_items(ARRAY(
      SELECT dashboard_items_of((SELECT c FROM conversations AS c WHERE c.id = inserted.conversation_id), inserted, 1)
      FROM inserted_evaluations AS inserted));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM (SELECT 1 FROM conversations AS c WHERE c.id = changed.conversation_id FOR SHARE)
    FROM updated_to AS changed ORDER BY changed.conversation_id;
    PERFORM add_dashboard_figures(ARRAY(
      SELECT dashboard_figures_of((SELECT c FROM conversations AS c WHERE c.id = previous.conversation_id), previous, 0, -1)
      FROM updated_from AS previous
      UNION ALL
      SELECT dashboard_figures_of((SELECT c FROM conversations AS c WHERE c.id = changed.conversation_id), changed, 0, 1)
      FROM updated_to AS changed));
    PERFORM add_dashboard_topics(ARRAY(
      SELECT dashboard_topics_of((SELECT c FROM conversations AS c WHERE c.id = previous.conversation_id), previous, 0, -1)
      FROM updated_from AS previous
      UNION ALL
      SELECT dashboard_topics_of((SELECT c FROM conversations AS c WHERE c.id = changed.conversation_id), changed, 0, 1)
      FROM updated_to AS changed));
    PERFORM add_dashboard_items(ARRAY(
      SELECT dashboard_items_of((SELECT c FROM conversations AS c WHERE c.id = previous.conversation_id), previous, -1)
      FROM updated_from AS previous
      UNION ALL
      SELECT dashboard_items_of((SELECT c FROM conversations AS c WHERE c.id = changed.conversation_id), changed, 1)
      FROM updated_to AS changed));
  ELSE
    PERFORM (SELECT 1 FROM conversations AS c WHERE c.id = deleted.conversation_id FOR SHARE)
    FROM deleted_evaluations AS deleted ORDER BY deleted.conversation_id;
    PERFORM add_dashboard_figures(ARRAY(
      SELECT dashboard_figures_of((SELECT c FROM conversations AS c WHERE c.id = deleted.conversation_id), deleted, 0, -1)
      FROM deleted_evaluations AS deleted));
    PERFORM add_dashboard_topics(ARRAY(
      SELECT dashboard_topics_of((SELECT c FROM conversations AS c WHERE c.id = deleted.conversation_id), deleted, 0, -1)
      FROM deleted_evaluations AS deleted));
    PERFORM add_dashboard_items(ARRAY(
      SELECT dashboard_items_of((SELECT c FROM conversations AS c WHERE c.id = deleted.conversation_id), deleted, -1)
      FROM deleted_evaluations AS deleted));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Fills the topics' and items' rollups from the existing rows (they must be empty), a campaign's UTC month at a time.
CREATE FUNCTION fill_dashboard_breakdowns() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  chunk record;
BEGIN
  FOR chunk IN
    SELECT DISTINCT campaign_id, date_trunc('month', started_at AT TIME ZONE 'UTC') AS month FROM conversations
  LOOP
    PERFORM add_dashboard_topics(ARRAY(
      SELECT dashboard_topics_of(conversation, evaluation, 1, 1)
      FROM conversations AS conversation
      LEFT JOIN evaluations AS evaluation ON evaluation.conversation_id = conversation.id
      WHERE conversation.campaign_id = chunk.campaign_id
        AND conversation.started_at >= chunk.month AT TIME ZONE 'UTC'
        AND conversation.started_at < (chunk.month + interval '1 month') AT TIME ZONE 'UTC'));
    PERFORM add_dashboard_items(ARRAY(
      SELECT dashboard_items_of(conversation, evaluation, 1)
      FROM conversations AS conversation
      JOIN evaluations AS evaluation ON evaluation.conversation_id = conversation.id
      WHERE conversation.campaign_id = chunk.campaign_id
        AND conversation.started_at >= chunk.month AT TIME ZONE 'UTC'
        AND conversation.started_at < (chunk.month + interval '1 month') AT TIME ZONE 'UTC'));
  END LOOP;
END $$;
--> statement-breakpoint
SELECT fill_dashboard_breakdowns();
--> statement-breakpoint
-- The partial days at a range's edges are counted from the conversations and evaluations (daily-figures.ts): with
-- every column they read in these two indexes, a vacuumed table answers them by index-only scans instead of one
-- heap page per row. The date index keeps its key (the list's keyset order) and gains the columns; drizzle-kit
-- cannot write INCLUDE, so both are written here (schema.ts says so beside the indexes).
DROP INDEX conversations_campaign_started_idx;
--> statement-breakpoint
CREATE INDEX conversations_campaign_started_idx ON conversations (campaign_id, started_at, id)
  INCLUDE (agent_id, type, status, sentiment, duration_s, is_test);
--> statement-breakpoint
CREATE INDEX evaluations_figures_idx ON evaluations (conversation_id)
  INCLUDE (status, main_score, validated, auto_failed);
