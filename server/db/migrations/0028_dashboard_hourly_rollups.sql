CREATE TABLE "dashboard_hourly_figures" (
	"campaign_id" uuid NOT NULL,
	"hour" timestamp NOT NULL,
	"agent_id" uuid,
	"type" text NOT NULL,
	"conversations" integer NOT NULL,
	"analysed" integer NOT NULL,
	"negative_sentiment" integer NOT NULL,
	"with_sentiment" integer NOT NULL,
	"timed" integer NOT NULL,
	"duration_sum" bigint NOT NULL,
	"evaluated" integer NOT NULL,
	"validated" integer NOT NULL,
	"scored" integer NOT NULL,
	"score_sum" double precision NOT NULL,
	"auto_failed" integer NOT NULL,
	"score_bin_0" integer NOT NULL,
	"score_bin_1" integer NOT NULL,
	"score_bin_2" integer NOT NULL,
	"score_bin_3" integer NOT NULL,
	"score_bin_4" integer NOT NULL,
	"score_bin_5" integer NOT NULL,
	"score_bin_6" integer NOT NULL,
	"score_bin_7" integer NOT NULL,
	"score_bin_8" integer NOT NULL,
	"score_bin_9" integer NOT NULL,
	CONSTRAINT "dashboard_hourly_figures_key" UNIQUE NULLS NOT DISTINCT("campaign_id","hour","agent_id","type")
);
--> statement-breakpoint
CREATE TABLE "dashboard_hourly_items" (
	"campaign_id" uuid NOT NULL,
	"hour" timestamp NOT NULL,
	"agent_id" uuid,
	"item_id" text NOT NULL,
	"value" text,
	"answers" integer NOT NULL,
	"scored" integer NOT NULL,
	"score_sum" numeric NOT NULL,
	CONSTRAINT "dashboard_hourly_items_key" UNIQUE NULLS NOT DISTINCT("campaign_id","hour","agent_id","item_id","value")
);
--> statement-breakpoint
CREATE TABLE "dashboard_hourly_phases" (
	"campaign_id" uuid NOT NULL,
	"hour" timestamp NOT NULL,
	"agent_id" uuid,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"phases" integer NOT NULL,
	"position_sum" bigint NOT NULL,
	"timed" integer NOT NULL,
	"seconds_sum" double precision NOT NULL,
	"counted" integer NOT NULL,
	"turns_sum" double precision NOT NULL,
	CONSTRAINT "dashboard_hourly_phases_key" UNIQUE NULLS NOT DISTINCT("campaign_id","hour","agent_id","type","name")
);
--> statement-breakpoint
CREATE TABLE "dashboard_hourly_topics" (
	"campaign_id" uuid NOT NULL,
	"hour" timestamp NOT NULL,
	"agent_id" uuid,
	"topic" text NOT NULL,
	"conversations" integer NOT NULL,
	"scored" integer NOT NULL,
	"score_sum" double precision NOT NULL,
	"negative_sentiment" integer NOT NULL,
	"with_sentiment" integer NOT NULL,
	CONSTRAINT "dashboard_hourly_topics_key" UNIQUE NULLS NOT DISTINCT("campaign_id","hour","agent_id","topic")
);
--> statement-breakpoint
ALTER TABLE "dashboard_hourly_figures" ADD CONSTRAINT "dashboard_hourly_figures_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_hourly_items" ADD CONSTRAINT "dashboard_hourly_items_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_hourly_phases" ADD CONSTRAINT "dashboard_hourly_phases_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_hourly_topics" ADD CONSTRAINT "dashboard_hourly_topics_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The hourly rollups (decision 0194) are kept by the triggers of migrations 0022 and 0025 unchanged: what a
-- conversation and its evaluation add is now keyed by the UTC hour of the start (`dashboard_*_of` return hourly rows),
-- and each `add_dashboard_*` writes its day's row and its hour's row from the same changes, the daily table first,
-- rows in key order in both, so that concurrent writers take their locks in one order and cannot deadlock. The
-- trigger functions call the `add_*` and `*_of` functions by name (PL/pgSQL resolves them at run time), so they are
-- not replaced.
DROP FUNCTION add_dashboard_figures(dashboard_daily_figures[]);
--> statement-breakpoint
DROP FUNCTION add_dashboard_phases(dashboard_daily_phases[]);
--> statement-breakpoint
DROP FUNCTION add_dashboard_topics(dashboard_daily_topics[]);
--> statement-breakpoint
DROP FUNCTION add_dashboard_items(dashboard_daily_items[]);
--> statement-breakpoint
DROP FUNCTION dashboard_figures_of(conversations, evaluations, integer, integer);
--> statement-breakpoint
DROP FUNCTION dashboard_phases_of(conversations, integer);
--> statement-breakpoint
DROP FUNCTION dashboard_topics_of(conversations, evaluations, integer, integer);
--> statement-breakpoint
DROP FUNCTION dashboard_items_of(conversations, evaluations, integer);
--> statement-breakpoint
-- As in 0022 and 0025, keyed by the hour (the day is the hour's date).
CREATE FUNCTION dashboard_figures_of(c conversations, e evaluations, conversation_sign integer, evaluation_sign integer)
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
    CASE WHEN scored AND least(floor(e.main_score / 10), 9)::int = 9 THEN evaluation_sign ELSE 0 END
  FROM (SELECT e.status = 'done' AND e.main_score IS NOT NULL AS scored) AS evaluation
  WHERE NOT c.is_test
$$;
--> statement-breakpoint
CREATE FUNCTION dashboard_phases_of(c conversations, sign integer)
RETURNS SETOF dashboard_hourly_phases LANGUAGE sql IMMUTABLE AS $$
  SELECT
    c.campaign_id,
    date_trunc('hour', c.started_at AT TIME ZONE 'UTC'),
    c.agent_id,
    c.type,
    phase.value ->> 'name',
    sign,
    sign * phase.position,
    CASE WHEN measured.seconds IS NOT NULL THEN sign ELSE 0 END,
    coalesce(sign * measured.seconds, 0),
    CASE WHEN measured.turns IS NOT NULL THEN sign ELSE 0 END,
    coalesce(sign * measured.turns, 0)
  FROM jsonb_array_elements(c.phases) WITH ORDINALITY AS phase(value, position)
  CROSS JOIN LATERAL (
    SELECT (phase.value ->> 'duration_s')::float8 AS seconds, (phase.value ->> 'turns')::float8 AS turns
  ) AS measured
  WHERE c.status = 'ready' AND NOT c.is_test AND phase.value ->> 'name' IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION dashboard_topics_of(c conversations, e evaluations, conversation_sign integer, evaluation_sign integer)
RETURNS SETOF dashboard_hourly_topics LANGUAGE sql IMMUTABLE AS $$
  SELECT
    c.campaign_id,
    date_trunc('hour', c.started_at AT TIME ZONE 'UTC'),
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
CREATE FUNCTION dashboard_items_of(c conversations, e evaluations, sign integer)
RETURNS SETOF dashboard_hourly_items LANGUAGE sql IMMUTABLE AS $$
  SELECT
    c.campaign_id,
    date_trunc('hour', c.started_at AT TIME ZONE 'UTC'),
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
-- The hours' rows of the changes, summed per key; a key whose changes cancel out is not written.
CREATE FUNCTION add_dashboard_hourly_figures(changes dashboard_hourly_figures[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_hourly_figures AS f (campaign_id, hour, agent_id, type, conversations, analysed, negative_sentiment, with_sentiment, timed, duration_sum, evaluated, validated, scored, score_sum, auto_failed, score_bin_0, score_bin_1, score_bin_2, score_bin_3, score_bin_4, score_bin_5, score_bin_6, score_bin_7, score_bin_8, score_bin_9)
  SELECT campaign_id, hour, agent_id, type, sum(conversations), sum(analysed), sum(negative_sentiment), sum(with_sentiment), sum(timed), sum(duration_sum), sum(evaluated), sum(validated), sum(scored), sum(score_sum), sum(auto_failed), sum(score_bin_0), sum(score_bin_1), sum(score_bin_2), sum(score_bin_3), sum(score_bin_4), sum(score_bin_5), sum(score_bin_6), sum(score_bin_7), sum(score_bin_8), sum(score_bin_9)
  FROM unnest(changes)
  GROUP BY campaign_id, hour, agent_id, type
  HAVING ROW(sum(conversations), sum(analysed), sum(negative_sentiment), sum(with_sentiment), sum(timed), sum(duration_sum), sum(evaluated), sum(validated), sum(scored), sum(score_sum), sum(auto_failed), sum(score_bin_0), sum(score_bin_1), sum(score_bin_2), sum(score_bin_3), sum(score_bin_4), sum(score_bin_5), sum(score_bin_6), sum(score_bin_7), sum(score_bin_8), sum(score_bin_9)) IS DISTINCT FROM ROW(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
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
    score_bin_9 = f.score_bin_9 + excluded.score_bin_9;
END $$;
--> statement-breakpoint
-- The days' rows, then the hours' rows of the changes.
CREATE FUNCTION add_dashboard_figures(changes dashboard_hourly_figures[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_daily_figures AS f (campaign_id, day, agent_id, type, conversations, analysed, negative_sentiment, with_sentiment, timed, duration_sum, evaluated, validated, scored, score_sum, auto_failed, score_bin_0, score_bin_1, score_bin_2, score_bin_3, score_bin_4, score_bin_5, score_bin_6, score_bin_7, score_bin_8, score_bin_9)
  SELECT campaign_id, hour::date, agent_id, type, sum(conversations), sum(analysed), sum(negative_sentiment), sum(with_sentiment), sum(timed), sum(duration_sum), sum(evaluated), sum(validated), sum(scored), sum(score_sum), sum(auto_failed), sum(score_bin_0), sum(score_bin_1), sum(score_bin_2), sum(score_bin_3), sum(score_bin_4), sum(score_bin_5), sum(score_bin_6), sum(score_bin_7), sum(score_bin_8), sum(score_bin_9)
  FROM unnest(changes)
  GROUP BY campaign_id, hour::date, agent_id, type
  HAVING ROW(sum(conversations), sum(analysed), sum(negative_sentiment), sum(with_sentiment), sum(timed), sum(duration_sum), sum(evaluated), sum(validated), sum(scored), sum(score_sum), sum(auto_failed), sum(score_bin_0), sum(score_bin_1), sum(score_bin_2), sum(score_bin_3), sum(score_bin_4), sum(score_bin_5), sum(score_bin_6), sum(score_bin_7), sum(score_bin_8), sum(score_bin_9)) IS DISTINCT FROM ROW(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
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
    score_bin_9 = f.score_bin_9 + excluded.score_bin_9;
  PERFORM add_dashboard_hourly_figures(changes);
END $$;
--> statement-breakpoint
-- The hours' rows of the changes, summed per key; a key whose changes cancel out is not written.
CREATE FUNCTION add_dashboard_hourly_phases(changes dashboard_hourly_phases[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_hourly_phases AS f (campaign_id, hour, agent_id, type, name, phases, position_sum, timed, seconds_sum, counted, turns_sum)
  SELECT campaign_id, hour, agent_id, type, name, sum(phases), sum(position_sum), sum(timed), sum(seconds_sum), sum(counted), sum(turns_sum)
  FROM unnest(changes)
  GROUP BY campaign_id, hour, agent_id, type, name
  HAVING ROW(sum(phases), sum(position_sum), sum(timed), sum(seconds_sum), sum(counted), sum(turns_sum)) IS DISTINCT FROM ROW(0, 0, 0, 0, 0, 0)
  ORDER BY campaign_id, hour, agent_id, type, name
  ON CONFLICT ON CONSTRAINT dashboard_hourly_phases_key DO UPDATE SET
    phases = f.phases + excluded.phases,
    position_sum = f.position_sum + excluded.position_sum,
    timed = f.timed + excluded.timed,
    seconds_sum = f.seconds_sum + excluded.seconds_sum,
    counted = f.counted + excluded.counted,
    turns_sum = f.turns_sum + excluded.turns_sum;
END $$;
--> statement-breakpoint
-- The days' rows, then the hours' rows of the changes.
CREATE FUNCTION add_dashboard_phases(changes dashboard_hourly_phases[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_daily_phases AS f (campaign_id, day, agent_id, type, name, phases, position_sum, timed, seconds_sum, counted, turns_sum)
  SELECT campaign_id, hour::date, agent_id, type, name, sum(phases), sum(position_sum), sum(timed), sum(seconds_sum), sum(counted), sum(turns_sum)
  FROM unnest(changes)
  GROUP BY campaign_id, hour::date, agent_id, type, name
  HAVING ROW(sum(phases), sum(position_sum), sum(timed), sum(seconds_sum), sum(counted), sum(turns_sum)) IS DISTINCT FROM ROW(0, 0, 0, 0, 0, 0)
  ORDER BY campaign_id, hour::date, agent_id, type, name
  ON CONFLICT ON CONSTRAINT dashboard_daily_phases_key DO UPDATE SET
    phases = f.phases + excluded.phases,
    position_sum = f.position_sum + excluded.position_sum,
    timed = f.timed + excluded.timed,
    seconds_sum = f.seconds_sum + excluded.seconds_sum,
    counted = f.counted + excluded.counted,
    turns_sum = f.turns_sum + excluded.turns_sum;
  PERFORM add_dashboard_hourly_phases(changes);
END $$;
--> statement-breakpoint
-- The hours' rows of the changes, summed per key; a key whose changes cancel out is not written.
CREATE FUNCTION add_dashboard_hourly_topics(changes dashboard_hourly_topics[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_hourly_topics AS f (campaign_id, hour, agent_id, topic, conversations, scored, score_sum, negative_sentiment, with_sentiment)
  SELECT campaign_id, hour, agent_id, topic, sum(conversations), sum(scored), sum(score_sum), sum(negative_sentiment), sum(with_sentiment)
  FROM unnest(changes)
  GROUP BY campaign_id, hour, agent_id, topic
  HAVING ROW(sum(conversations), sum(scored), sum(score_sum), sum(negative_sentiment), sum(with_sentiment)) IS DISTINCT FROM ROW(0, 0, 0, 0, 0)
  ORDER BY campaign_id, hour, agent_id, topic
  ON CONFLICT ON CONSTRAINT dashboard_hourly_topics_key DO UPDATE SET
    conversations = f.conversations + excluded.conversations,
    scored = f.scored + excluded.scored,
    score_sum = f.score_sum + excluded.score_sum,
    negative_sentiment = f.negative_sentiment + excluded.negative_sentiment,
    with_sentiment = f.with_sentiment + excluded.with_sentiment;
END $$;
--> statement-breakpoint
-- The days' rows, then the hours' rows of the changes.
CREATE FUNCTION add_dashboard_topics(changes dashboard_hourly_topics[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_daily_topics AS f (campaign_id, day, agent_id, topic, conversations, scored, score_sum, negative_sentiment, with_sentiment)
  SELECT campaign_id, hour::date, agent_id, topic, sum(conversations), sum(scored), sum(score_sum), sum(negative_sentiment), sum(with_sentiment)
  FROM unnest(changes)
  GROUP BY campaign_id, hour::date, agent_id, topic
  HAVING ROW(sum(conversations), sum(scored), sum(score_sum), sum(negative_sentiment), sum(with_sentiment)) IS DISTINCT FROM ROW(0, 0, 0, 0, 0)
  ORDER BY campaign_id, hour::date, agent_id, topic
  ON CONFLICT ON CONSTRAINT dashboard_daily_topics_key DO UPDATE SET
    conversations = f.conversations + excluded.conversations,
    scored = f.scored + excluded.scored,
    score_sum = f.score_sum + excluded.score_sum,
    negative_sentiment = f.negative_sentiment + excluded.negative_sentiment,
    with_sentiment = f.with_sentiment + excluded.with_sentiment;
  PERFORM add_dashboard_hourly_topics(changes);
END $$;
--> statement-breakpoint
-- The hours' rows of the changes, summed per key; a key whose changes cancel out is not written.
CREATE FUNCTION add_dashboard_hourly_items(changes dashboard_hourly_items[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_hourly_items AS f (campaign_id, hour, agent_id, item_id, value, answers, scored, score_sum)
  SELECT campaign_id, hour, agent_id, item_id, value, sum(answers), sum(scored), sum(score_sum)
  FROM unnest(changes)
  GROUP BY campaign_id, hour, agent_id, item_id, value
  HAVING ROW(sum(answers), sum(scored), sum(score_sum)) IS DISTINCT FROM ROW(0, 0, 0)
  ORDER BY campaign_id, hour, agent_id, item_id, value
  ON CONFLICT ON CONSTRAINT dashboard_hourly_items_key DO UPDATE SET
    answers = f.answers + excluded.answers,
    scored = f.scored + excluded.scored,
    score_sum = f.score_sum + excluded.score_sum;
END $$;
--> statement-breakpoint
-- The days' rows, then the hours' rows of the changes.
CREATE FUNCTION add_dashboard_items(changes dashboard_hourly_items[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_daily_items AS f (campaign_id, day, agent_id, item_id, value, answers, scored, score_sum)
  SELECT campaign_id, hour::date, agent_id, item_id, value, sum(answers), sum(scored), sum(score_sum)
  FROM unnest(changes)
  GROUP BY campaign_id, hour::date, agent_id, item_id, value
  HAVING ROW(sum(answers), sum(scored), sum(score_sum)) IS DISTINCT FROM ROW(0, 0, 0)
  ORDER BY campaign_id, hour::date, agent_id, item_id, value
  ON CONFLICT ON CONSTRAINT dashboard_daily_items_key DO UPDATE SET
    answers = f.answers + excluded.answers,
    scored = f.scored + excluded.scored,
    score_sum = f.score_sum + excluded.score_sum;
  PERFORM add_dashboard_hourly_items(changes);
END $$;
--> statement-breakpoint
-- Fills the hourly rollups from the existing rows (they must be empty), a campaign's UTC month at a time, as
-- fill_dashboard_figures and fill_dashboard_breakdowns fill the daily ones (which now fill both).
CREATE FUNCTION fill_dashboard_hours() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  chunk record;
BEGIN
  FOR chunk IN
    SELECT DISTINCT campaign_id, date_trunc('month', started_at AT TIME ZONE 'UTC') AS month FROM conversations
  LOOP
    PERFORM add_dashboard_hourly_figures(ARRAY(
      SELECT dashboard_figures_of(conversation, evaluation, 1, 1)
      FROM conversations AS conversation
      LEFT JOIN evaluations AS evaluation ON evaluation.conversation_id = conversation.id
      WHERE conversation.campaign_id = chunk.campaign_id
        AND conversation.started_at >= chunk.month AT TIME ZONE 'UTC'
        AND conversation.started_at < (chunk.month + interval '1 month') AT TIME ZONE 'UTC'));
    PERFORM add_dashboard_hourly_phases(ARRAY(
      SELECT dashboard_phases_of(conversation, 1)
      FROM conversations AS conversation
      WHERE conversation.campaign_id = chunk.campaign_id
        AND conversation.started_at >= chunk.month AT TIME ZONE 'UTC'
        AND conversation.started_at < (chunk.month + interval '1 month') AT TIME ZONE 'UTC'));
    PERFORM add_dashboard_hourly_topics(ARRAY(
      SELECT dashboard_topics_of(conversation, evaluation, 1, 1)
      FROM conversations AS conversation
      LEFT JOIN evaluations AS evaluation ON evaluation.conversation_id = conversation.id
      WHERE conversation.campaign_id = chunk.campaign_id
        AND conversation.started_at >= chunk.month AT TIME ZONE 'UTC'
        AND conversation.started_at < (chunk.month + interval '1 month') AT TIME ZONE 'UTC'));
    PERFORM add_dashboard_hourly_items(ARRAY(
      SELECT dashboard_items_of(conversation, evaluation, 1)
      FROM conversations AS conversation
      JOIN evaluations AS evaluation ON evaluation.conversation_id = conversation.id
      WHERE conversation.campaign_id = chunk.campaign_id
        AND conversation.started_at >= chunk.month AT TIME ZONE 'UTC'
        AND conversation.started_at < (chunk.month + interval '1 month') AT TIME ZONE 'UTC'));
  END LOOP;
END $$;
--> statement-breakpoint
SELECT fill_dashboard_hours();
