CREATE TABLE "usage_daily" (
	"organisation_id" uuid NOT NULL,
	"day" date NOT NULL,
	"campaign_id" uuid,
	"kind" text NOT NULL,
	"unit" text NOT NULL,
	"feature" text NOT NULL,
	"engine" text NOT NULL,
	"model" text,
	"test" boolean NOT NULL,
	"events" bigint NOT NULL,
	"quantity" numeric NOT NULL,
	"tokens_in" bigint NOT NULL,
	"tokens_out" bigint NOT NULL,
	CONSTRAINT "usage_daily_key" UNIQUE NULLS NOT DISTINCT("organisation_id","day","campaign_id","kind","unit","feature","engine","model","test")
);
--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Keeps usage_daily equal to the usage events summed per organisation, UTC day, campaign, kind, unit, feature,
-- engine, model and test flag. Events are only inserted in practice, but the foreign keys change them: a campaign
-- deleted sets their campaign_id null (an update that moves them to the row of no campaign), a conversation deleted
-- sets their conversation_id null (an update that cancels out), an organisation deleted deletes them. Statement-level
-- triggers read the changed events as transition tables and write one aggregated upsert per statement, rows in key
-- order so that concurrent writers cannot deadlock on the rollup (the dashboards' pattern, migration 0022).
--
-- What one event adds to its day's row, times sign.
CREATE FUNCTION usage_daily_of(e usage_events, sign integer) RETURNS usage_daily LANGUAGE sql IMMUTABLE AS $$
  SELECT e.organisation_id, (e.created_at AT TIME ZONE 'UTC')::date, e.campaign_id, e.kind, e.unit, e.feature,
    e.engine, e.model, e.test, sign::bigint, sign * e.quantity::numeric, sign * e.tokens_in::bigint,
    sign * e.tokens_out::bigint
$$;
--> statement-breakpoint
-- Adds the changes to their rows, summed per key; a key whose changes cancel out is not written. Changes of an
-- organisation being deleted are dropped: its rows go with it (cascade), and a row written for it would name an
-- organisation that is gone. PL/pgSQL rather than SQL so that the upsert is planned once per session.
CREATE FUNCTION add_usage_daily(changes usage_daily[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_daily AS d
    (organisation_id, day, campaign_id, kind, unit, feature, engine, model, test, events, quantity, tokens_in, tokens_out)
  SELECT organisation_id, day, campaign_id, kind, unit, feature, engine, model, test,
    sum(events), sum(quantity), sum(tokens_in), sum(tokens_out)
  FROM unnest(changes) AS change
  WHERE EXISTS (SELECT FROM organisations AS o WHERE o.id = change.organisation_id)
  GROUP BY organisation_id, day, campaign_id, kind, unit, feature, engine, model, test
  HAVING ROW(sum(events), sum(quantity), sum(tokens_in), sum(tokens_out)) IS DISTINCT FROM ROW(0, 0, 0, 0)
  ORDER BY organisation_id, day, campaign_id, kind, unit, feature, engine, model, test
  ON CONFLICT ON CONSTRAINT usage_daily_key DO UPDATE SET
    events = d.events + excluded.events,
    quantity = d.quantity + excluded.quantity,
    tokens_in = d.tokens_in + excluded.tokens_in,
    tokens_out = d.tokens_out + excluded.tokens_out;
END $$;
--> statement-breakpoint
CREATE FUNCTION add_inserted_usage_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_usage_daily(ARRAY(SELECT usage_daily_of(inserted, 1) FROM inserted_usage_events AS inserted));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION add_updated_usage_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_usage_daily(ARRAY(
    SELECT usage_daily_of(previous, -1) FROM updated_from AS previous
    UNION ALL
    SELECT usage_daily_of(changed, 1) FROM updated_to AS changed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION remove_deleted_usage_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_usage_daily(ARRAY(SELECT usage_daily_of(deleted, -1) FROM deleted_usage_events AS deleted));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER usage_events_daily_inserted AFTER INSERT ON usage_events
  REFERENCING NEW TABLE AS inserted_usage_events
  FOR EACH STATEMENT EXECUTE FUNCTION add_inserted_usage_events();
--> statement-breakpoint
CREATE TRIGGER usage_events_daily_updated AFTER UPDATE ON usage_events
  REFERENCING OLD TABLE AS updated_from NEW TABLE AS updated_to
  FOR EACH STATEMENT EXECUTE FUNCTION add_updated_usage_events();
--> statement-breakpoint
CREATE TRIGGER usage_events_daily_deleted AFTER DELETE ON usage_events
  REFERENCING OLD TABLE AS deleted_usage_events
  FOR EACH STATEMENT EXECUTE FUNCTION remove_deleted_usage_events();
--> statement-breakpoint
-- Fills the rollup from the existing events (it is empty), an organisation's UTC month at a time.
CREATE FUNCTION fill_usage_daily() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  chunk record;
BEGIN
  FOR chunk IN
    SELECT DISTINCT organisation_id, date_trunc('month', created_at AT TIME ZONE 'UTC') AS month FROM usage_events
  LOOP
    PERFORM add_usage_daily(ARRAY(
      SELECT usage_daily_of(event, 1)
      FROM usage_events AS event
      WHERE event.organisation_id = chunk.organisation_id
        AND event.created_at >= chunk.month AT TIME ZONE 'UTC'
        AND event.created_at < (chunk.month + interval '1 month') AT TIME ZONE 'UTC'));
  END LOOP;
END $$;
--> statement-breakpoint
SELECT fill_usage_daily();
