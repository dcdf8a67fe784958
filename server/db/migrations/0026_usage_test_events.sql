DROP INDEX "usage_events_organisation_idx";--> statement-breakpoint
ALTER TABLE "usage_events" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "usage_events_organisation_idx" ON "usage_events" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
UPDATE "usage_events" SET "test" = true FROM "conversations" WHERE "conversations"."id" = "usage_events"."conversation_id" AND "conversations"."is_test";
