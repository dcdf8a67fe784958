-- Tells every server instance, on the principal_changes channel, when something its principal cache holds changed
-- (server/plugins/principal-cache.ts, decision 0190): a user's row, a membership, a campaign's deletion or move to
-- another organisation. Triggers rather than the stores, so that no writer (a route, the demo reset, a script, a
-- cascade) can forget it; the NOTIFY goes out when the transaction commits, and not at all when it rolls back.
CREATE FUNCTION notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('principal_changes', 'user:' || OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_principal_changes AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
--> statement-breakpoint
CREATE FUNCTION notify_membership_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An update names both rows; PostgreSQL sends a payload once per transaction however often it is notified.
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('principal_changes', 'member:' || OLD.campaign_id || ':' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('principal_changes', 'member:' || NEW.campaign_id || ':' || NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER campaign_members_principal_changes AFTER INSERT OR UPDATE OR DELETE ON campaign_members
  FOR EACH ROW EXECUTE FUNCTION notify_membership_changed();
--> statement-breakpoint
CREATE FUNCTION notify_campaign_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('principal_changes', 'campaign:' || OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER campaigns_principal_changes AFTER DELETE OR UPDATE OF id, organisation_id ON campaigns
  FOR EACH ROW EXECUTE FUNCTION notify_campaign_changed();
