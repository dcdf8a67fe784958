ALTER TABLE "usage_events" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "usage_events" SET "test" = true FROM "conversations" WHERE "conversations"."id" = "usage_events"."conversation_id" AND "conversations"."is_test";
