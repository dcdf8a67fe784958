CREATE TABLE "coaching_examples" (
	"plan_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coaching_examples_plan_id_conversation_id_pk" PRIMARY KEY("plan_id","conversation_id")
);
--> statement-breakpoint
CREATE TABLE "coaching_focus_items" (
	"plan_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"target_score" real,
	"due_date" date,
	CONSTRAINT "coaching_focus_items_plan_id_item_id_pk" PRIMARY KEY("plan_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "coaching_plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"created_by" uuid,
	"title" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coaching_examples" ADD CONSTRAINT "coaching_examples_plan_id_coaching_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."coaching_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_examples" ADD CONSTRAINT "coaching_examples_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_focus_items" ADD CONSTRAINT "coaching_focus_items_plan_id_coaching_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."coaching_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_focus_items" ADD CONSTRAINT "coaching_focus_items_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_plans" ADD CONSTRAINT "coaching_plans_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_plans" ADD CONSTRAINT "coaching_plans_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_plans" ADD CONSTRAINT "coaching_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coaching_examples_conversation_idx" ON "coaching_examples" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "coaching_plans_organisation_idx" ON "coaching_plans" USING btree ("organisation_id","agent_id");--> statement-breakpoint
CREATE INDEX "coaching_plans_agent_idx" ON "coaching_plans" USING btree ("agent_id");