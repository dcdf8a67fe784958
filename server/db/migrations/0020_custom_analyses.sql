CREATE TABLE "custom_analyses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"name" text NOT NULL,
	"question" text NOT NULL,
	"type" text NOT NULL,
	"options" jsonb,
	"rules" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_analysis_results" (
	"conversation_id" uuid NOT NULL,
	"analysis_id" uuid NOT NULL,
	"value" jsonb,
	"engine" text NOT NULL,
	"evidence_turn" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_analysis_results_conversation_id_analysis_id_pk" PRIMARY KEY("conversation_id","analysis_id")
);
--> statement-breakpoint
ALTER TABLE "custom_analyses" ADD CONSTRAINT "custom_analyses_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_analysis_results" ADD CONSTRAINT "custom_analysis_results_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_analysis_results" ADD CONSTRAINT "custom_analysis_results_analysis_id_custom_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."custom_analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_analyses_campaign_idx" ON "custom_analyses" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE INDEX "custom_analysis_results_analysis_idx" ON "custom_analysis_results" USING btree ("analysis_id");