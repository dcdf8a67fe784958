ALTER TABLE "evaluation_grids" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "evaluation_grids" ADD COLUMN "draft_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "evaluation_grids" ADD COLUMN "draft_updated_by" uuid;--> statement-breakpoint
ALTER TABLE "evaluation_grids" ADD CONSTRAINT "evaluation_grids_draft_updated_by_users_id_fk" FOREIGN KEY ("draft_updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;