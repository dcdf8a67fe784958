CREATE TABLE "evaluation_item_updates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"grid_id" uuid NOT NULL,
	"grid_version" integer NOT NULL,
	"item_id" uuid NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"comment" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evaluation_item_updates" ADD CONSTRAINT "evaluation_item_updates_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_item_updates" ADD CONSTRAINT "evaluation_item_updates_grid_id_evaluation_grids_id_fk" FOREIGN KEY ("grid_id") REFERENCES "public"."evaluation_grids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_item_updates" ADD CONSTRAINT "evaluation_item_updates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluation_item_updates_item_idx" ON "evaluation_item_updates" USING btree ("item_id","id");