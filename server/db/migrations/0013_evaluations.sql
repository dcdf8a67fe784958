CREATE TABLE "evaluations" (
	"conversation_id" uuid PRIMARY KEY NOT NULL,
	"grid_id" uuid NOT NULL,
	"grid_version" integer NOT NULL,
	"engine" text NOT NULL,
	"model" text,
	"status" text NOT NULL,
	"status_reason" text,
	"pending_item_ids" jsonb,
	"main_score" real,
	"section_scores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"additional_scores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"auto_failed" boolean DEFAULT false NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"validated" boolean DEFAULT false NOT NULL,
	"validated_by" uuid,
	"validated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_grid_id_evaluation_grids_id_fk" FOREIGN KEY ("grid_id") REFERENCES "public"."evaluation_grids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_validated_by_users_id_fk" FOREIGN KEY ("validated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;