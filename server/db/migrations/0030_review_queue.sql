CREATE TABLE "review_assignments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"reviewer_id" uuid,
	"rule_id" uuid,
	"status" text NOT NULL,
	"period_start" timestamp with time zone,
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"skip_reason" text,
	CONSTRAINT "review_assignments_rule_conversation" UNIQUE("rule_id","conversation_id")
);
--> statement-breakpoint
CREATE TABLE "review_rule_reviewers" (
	"rule_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "review_rule_reviewers_rule_id_user_id_pk" PRIMARY KEY("rule_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "review_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean NOT NULL,
	"filters" jsonb NOT NULL,
	"quota" jsonb NOT NULL,
	"due_in_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_rule_id_review_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."review_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rule_reviewers" ADD CONSTRAINT "review_rule_reviewers_rule_id_review_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."review_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rule_reviewers" ADD CONSTRAINT "review_rule_reviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rules" ADD CONSTRAINT "review_rules_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_assignments_reviewer_idx" ON "review_assignments" USING btree ("reviewer_id","status","due_at");--> statement-breakpoint
CREATE INDEX "review_assignments_campaign_idx" ON "review_assignments" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "review_assignments_conversation_idx" ON "review_assignments" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "review_rule_reviewers_user_idx" ON "review_rule_reviewers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "review_rules_campaign_idx" ON "review_rules" USING btree ("campaign_id","position");--> statement-breakpoint
-- The review queue's facts that any writer must keep (decision 0202), as triggers so that none can forget them:
-- validating an evaluation finishes its conversation's pending assignments; a reviewer who may no longer validate
-- in a campaign (membership removed, or neither owner nor editor with can_edit_settings, as hasCampaignPermission
-- says) or whose account is no longer active gives their pending assignments back to their rules' pools and leaves
-- the campaign's rules.
CREATE FUNCTION finish_reviews_on_validation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE review_assignments SET status = 'done', done_at = COALESCE(NEW.validated_at, now())
    WHERE conversation_id = NEW.conversation_id AND status = 'pending';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER evaluations_finish_reviews AFTER UPDATE OF validated ON evaluations
  FOR EACH ROW WHEN (NEW.validated AND NOT OLD.validated) EXECUTE FUNCTION finish_reviews_on_validation();
--> statement-breakpoint
CREATE FUNCTION release_reviews_of_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NOT (NEW.role = 'owner'
      OR (NEW.role = 'editor' AND COALESCE((NEW.policy ->> 'can_edit_settings')::boolean, false))) THEN
    UPDATE review_assignments SET reviewer_id = NULL
      WHERE campaign_id = OLD.campaign_id AND reviewer_id = OLD.user_id AND status = 'pending';
    DELETE FROM review_rule_reviewers USING review_rules
      WHERE review_rule_reviewers.rule_id = review_rules.id AND review_rules.campaign_id = OLD.campaign_id
        AND review_rule_reviewers.user_id = OLD.user_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER campaign_members_release_reviews AFTER UPDATE OR DELETE ON campaign_members
  FOR EACH ROW EXECUTE FUNCTION release_reviews_of_member();
--> statement-breakpoint
CREATE FUNCTION release_reviews_of_inactive_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE review_assignments SET reviewer_id = NULL WHERE reviewer_id = NEW.id AND status = 'pending';
  DELETE FROM review_rule_reviewers WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_release_reviews AFTER UPDATE OF status ON users
  FOR EACH ROW WHEN (NEW.status <> 'active' AND OLD.status = 'active') EXECUTE FUNCTION release_reviews_of_inactive_user();
