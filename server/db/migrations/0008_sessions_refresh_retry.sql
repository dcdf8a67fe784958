ALTER TABLE "sessions" ADD COLUMN "successor_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "rotation_key_hash" text;