CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"conversation_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_expires_at" timestamp with time zone,
	"progress" real DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "status_detail" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "turns" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "transcript_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "audio_key" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "audio_media_type" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "sentiment" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "topics" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "transcription" jsonb;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "analysis" jsonb;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("kind","run_at") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_live_unique" ON "jobs" USING btree ("conversation_id","kind") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "conversations_campaign_started_idx" ON "conversations" USING btree ("campaign_id","started_at","id");--> statement-breakpoint
CREATE INDEX "conversations_campaign_agent_started_idx" ON "conversations" USING btree ("campaign_id","agent_id","started_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_campaign_external_id_unique" ON "conversations" USING btree ("campaign_id","external_id") WHERE "conversations"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "conversations_search_idx" ON "conversations" USING gin (to_tsvector('simple', "search_text"));--> statement-breakpoint
UPDATE "conversations" SET "status" = 'ready' WHERE "status" = 'new';
