DROP INDEX "campaign_members_user_idx";--> statement-breakpoint
CREATE INDEX "campaign_members_user_campaign_idx" ON "campaign_members" USING btree ("user_id","campaign_id");