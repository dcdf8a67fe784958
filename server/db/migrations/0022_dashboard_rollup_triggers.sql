-- Keeps dashboard_daily_figures (conversations and their evaluations) and dashboard_daily_phases (the analysed
-- conversations' phases, per phase name) equal to a full recompute, test conversations aside, per campaign, agent,
-- UTC day of the start and type. Statement-level triggers read the changed rows as transition tables and write one
-- aggregated upsert per statement, rows in key order so that concurrent writers cannot deadlock on the rollup (the
-- pattern of migration 0011).
--
-- The figures one conversation and its evaluation (null when none) add to their day's row: the conversation's
-- own counts times conversation_sign, the evaluation's times evaluation_sign. No row for a test conversation.
-- The score bin is the score distribution's own expression, so that a score on a bin's edge falls in the same bin.
CREATE FUNCTION dashboard_figures_of(c conversations, e evaluations, conversation_sign integer, evaluation_sign integer)
RETURNS SETOF dashboard_daily_figures LANGUAGE sql IMMUTABLE AS $$
  SELECT
    c.campaign_id,
    (c.started_at AT TIME ZONE 'UTC')::date,
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
-- Adds the changes to their rows, summed per key; a key whose changes cancel out is not written. PL/pgSQL rather
-- than SQL so that the upsert is planned once per session, not at every call.
CREATE FUNCTION add_dashboard_figures(changes dashboard_daily_figures[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_daily_figures AS f (campaign_id, day, agent_id, type, conversations, analysed, negative_sentiment, with_sentiment, timed, duration_sum, evaluated, validated, scored, score_sum, auto_failed, score_bin_0, score_bin_1, score_bin_2, score_bin_3, score_bin_4, score_bin_5, score_bin_6, score_bin_7, score_bin_8, score_bin_9)
  SELECT campaign_id, day, agent_id, type,
    sum(conversations),
    sum(analysed),
    sum(negative_sentiment),
    sum(with_sentiment),
    sum(timed),
    sum(duration_sum),
    sum(evaluated),
    sum(validated),
    sum(scored),
    sum(score_sum),
    sum(auto_failed),
    sum(score_bin_0),
    sum(score_bin_1),
    sum(score_bin_2),
    sum(score_bin_3),
    sum(score_bin_4),
    sum(score_bin_5),
    sum(score_bin_6),
    sum(score_bin_7),
    sum(score_bin_8),
    sum(score_bin_9)
  FROM unnest(changes)
  GROUP BY campaign_id, day, agent_id, type
  HAVING ROW(sum(conversations), sum(analysed), sum(negative_sentiment), sum(with_sentiment), sum(timed), sum(duration_sum), sum(evaluated), sum(validated), sum(scored), sum(score_sum), sum(auto_failed), sum(score_bin_0), sum(score_bin_1), sum(score_bin_2), sum(score_bin_3), sum(score_bin_4), sum(score_bin_5), sum(score_bin_6), sum(score_bin_7), sum(score_bin_8), sum(score_bin_9)) IS DISTINCT FROM ROW(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  ORDER BY campaign_id, day, agent_id, type
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
END $$;
--> statement-breakpoint
-- The phases an analysed conversation (status ready, not a test) adds to their day's rows, times sign: one per
-- phase, its position, its seconds and turns when measured (as the phases' graph reads them from the jsonb).
CREATE FUNCTION dashboard_phases_of(c conversations, sign integer)
RETURNS SETOF dashboard_daily_phases LANGUAGE sql IMMUTABLE AS $$
  SELECT
    c.campaign_id,
    (c.started_at AT TIME ZONE 'UTC')::date,
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
CREATE FUNCTION add_dashboard_phases(changes dashboard_daily_phases[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_daily_phases AS f
    (campaign_id, day, agent_id, type, name, phases, position_sum, timed, seconds_sum, counted, turns_sum)
  SELECT campaign_id, day, agent_id, type, name,
    sum(phases), sum(position_sum), sum(timed), sum(seconds_sum), sum(counted), sum(turns_sum)
  FROM unnest(changes)
  GROUP BY campaign_id, day, agent_id, type, name
  HAVING ROW(sum(phases), sum(position_sum), sum(timed), sum(seconds_sum), sum(counted), sum(turns_sum))
    IS DISTINCT FROM ROW(0, 0, 0, 0, 0, 0)
  ORDER BY campaign_id, day, agent_id, type, name
  ON CONFLICT ON CONSTRAINT dashboard_daily_phases_key DO UPDATE SET
    phases = f.phases + excluded.phases,
    position_sum = f.position_sum + excluded.position_sum,
    timed = f.timed + excluded.timed,
    seconds_sum = f.seconds_sum + excluded.seconds_sum,
    counted = f.counted + excluded.counted,
    turns_sum = f.turns_sum + excluded.turns_sum;
END $$;
--> statement-breakpoint
-- New conversations have no evaluation yet.
CREATE FUNCTION add_inserted_conversations_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_dashboard_figures(ARRAY(
    SELECT dashboard_figures_of(inserted, NULL, 1, 1) FROM inserted_conversations AS inserted));
  PERFORM add_dashboard_phases(ARRAY(
    SELECT dashboard_phases_of(inserted, 1) FROM inserted_conversations AS inserted));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update moves the conversation and its evaluation from their old key to the new one (agent corrected, test
-- flag toggled...) or changes its own counts; most updates (status, transcript, analysis) cancel out.
CREATE FUNCTION add_updated_conversations_figures() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Before a conversation goes, its evaluation is still there: both are taken off together (the evaluation's own
-- trigger then finds no conversation). When its campaign is being deleted, the rollup goes with the campaign and
-- writing a row there would name a campaign that is gone.
CREATE FUNCTION remove_deleted_conversation_figures() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  evaluation evaluations;
BEGIN
  IF EXISTS (SELECT FROM campaigns WHERE id = OLD.campaign_id) THEN
    SELECT * INTO evaluation FROM evaluations WHERE conversation_id = OLD.id;
    PERFORM add_dashboard_figures(ARRAY(SELECT dashboard_figures_of(OLD, evaluation, -1, -1)));
    PERFORM add_dashboard_phases(ARRAY(SELECT dashboard_phases_of(OLD, -1)));
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- An evaluation's change is counted under its conversation's current key: the conversations are locked first
-- (FOR SHARE, in id order) so that an update moving one of them to another key commits before, or waits after, this
-- one. Rows are looked up one by one (a subquery per row), never by a join: PL/pgSQL keeps a statement's plan, and a
-- join planned for a statement of thousands of rows (a hash join reading the whole table) would be kept for the
-- single-row statements after it.
CREATE FUNCTION add_changed_evaluations_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM (SELECT 1 FROM conversations AS c WHERE c.id = inserted.conversation_id FOR SHARE)
    FROM inserted_evaluations AS inserted ORDER BY inserted.conversation_id;
    PERFORM add_dashboard_figures(ARRAY(
      SELECT dashboard_figures_of((SELECT c FROM conversations AS c WHERE c.id = inserted.conversation_id), inserted, 0, 1)
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
  ELSE
    PERFORM (SELECT 1 FROM conversations AS c WHERE c.id = deleted.conversation_id FOR SHARE)
    FROM deleted_evaluations AS deleted ORDER BY deleted.conversation_id;
    PERFORM add_dashboard_figures(ARRAY(
      SELECT dashboard_figures_of((SELECT c FROM conversations AS c WHERE c.id = deleted.conversation_id), deleted, 0, -1)
      FROM deleted_evaluations AS deleted));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversations_dashboard_inserted AFTER INSERT ON conversations
  REFERENCING NEW TABLE AS inserted_conversations
  FOR EACH STATEMENT EXECUTE FUNCTION add_inserted_conversations_figures();
--> statement-breakpoint
CREATE TRIGGER conversations_dashboard_updated AFTER UPDATE ON conversations
  REFERENCING OLD TABLE AS updated_from NEW TABLE AS updated_to
  FOR EACH STATEMENT EXECUTE FUNCTION add_updated_conversations_figures();
--> statement-breakpoint
CREATE TRIGGER conversations_dashboard_deleted BEFORE DELETE ON conversations
  FOR EACH ROW EXECUTE FUNCTION remove_deleted_conversation_figures();
--> statement-breakpoint
CREATE TRIGGER evaluations_dashboard_inserted AFTER INSERT ON evaluations
  REFERENCING NEW TABLE AS inserted_evaluations
  FOR EACH STATEMENT EXECUTE FUNCTION add_changed_evaluations_figures();
--> statement-breakpoint
CREATE TRIGGER evaluations_dashboard_updated AFTER UPDATE ON evaluations
  REFERENCING OLD TABLE AS updated_from NEW TABLE AS updated_to
  FOR EACH STATEMENT EXECUTE FUNCTION add_changed_evaluations_figures();
--> statement-breakpoint
CREATE TRIGGER evaluations_dashboard_deleted AFTER DELETE ON evaluations
  REFERENCING OLD TABLE AS deleted_evaluations
  FOR EACH STATEMENT EXECUTE FUNCTION add_changed_evaluations_figures();
--> statement-breakpoint
-- Fills the rollup from the existing conversations (it must be empty), a campaign's UTC month at a time so that no
-- statement holds them all at once.
CREATE FUNCTION fill_dashboard_figures() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  chunk record;
BEGIN
  FOR chunk IN
    SELECT DISTINCT campaign_id, date_trunc('month', started_at AT TIME ZONE 'UTC') AS month FROM conversations
  LOOP
    PERFORM add_dashboard_figures(ARRAY(
      SELECT dashboard_figures_of(conversation, evaluation, 1, 1)
      FROM conversations AS conversation
      LEFT JOIN evaluations AS evaluation ON evaluation.conversation_id = conversation.id
      WHERE conversation.campaign_id = chunk.campaign_id
        AND conversation.started_at >= chunk.month AT TIME ZONE 'UTC'
        AND conversation.started_at < (chunk.month + interval '1 month') AT TIME ZONE 'UTC'));
    PERFORM add_dashboard_phases(ARRAY(
      SELECT dashboard_phases_of(conversation, 1)
      FROM conversations AS conversation
      WHERE conversation.campaign_id = chunk.campaign_id
        AND conversation.started_at >= chunk.month AT TIME ZONE 'UTC'
        AND conversation.started_at < (chunk.month + interval '1 month') AT TIME ZONE 'UTC'));
  END LOOP;
END $$;
--> statement-breakpoint
SELECT fill_dashboard_figures();
