ALTER TABLE "campaigns" ADD COLUMN "redact_for_providers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "redact_at_ingestion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "redact_exports" boolean DEFAULT false NOT NULL;