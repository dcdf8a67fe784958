ALTER TABLE "notifications" ADD COLUMN "assignment_count" integer;--> statement-breakpoint
ALTER TABLE "review_rules" ADD COLUMN "period_passed_for" timestamp with time zone;