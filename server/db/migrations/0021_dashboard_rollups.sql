CREATE TABLE "dashboard_daily_figures" (
	"campaign_id" uuid NOT NULL,
	"day" date NOT NULL,
	"agent_id" uuid,
	"type" text NOT NULL,
	"conversations" integer NOT NULL,
	"analysed" integer NOT NULL,
	"negative_sentiment" integer NOT NULL,
	"with_sentiment" integer NOT NULL,
	"timed" integer NOT NULL,
	"duration_sum" bigint NOT NULL,
	"evaluated" integer NOT NULL,
	"validated" integer NOT NULL,
	"scored" integer NOT NULL,
	"score_sum" double precision NOT NULL,
	"auto_failed" integer NOT NULL,
	"score_bin_0" integer NOT NULL,
	"score_bin_1" integer NOT NULL,
	"score_bin_2" integer NOT NULL,
	"score_bin_3" integer NOT NULL,
	"score_bin_4" integer NOT NULL,
	"score_bin_5" integer NOT NULL,
	"score_bin_6" integer NOT NULL,
	"score_bin_7" integer NOT NULL,
	"score_bin_8" integer NOT NULL,
	"score_bin_9" integer NOT NULL,
	CONSTRAINT "dashboard_daily_figures_key" UNIQUE NULLS NOT DISTINCT("campaign_id","day","agent_id","type")
);
--> statement-breakpoint
CREATE TABLE "dashboard_daily_phases" (
	"campaign_id" uuid NOT NULL,
	"day" date NOT NULL,
	"agent_id" uuid,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"phases" integer NOT NULL,
	"position_sum" bigint NOT NULL,
	"timed" integer NOT NULL,
	"seconds_sum" double precision NOT NULL,
	"counted" integer NOT NULL,
	"turns_sum" double precision NOT NULL,
	CONSTRAINT "dashboard_daily_phases_key" UNIQUE NULLS NOT DISTINCT("campaign_id","day","agent_id","type","name")
);
--> statement-breakpoint
ALTER TABLE "dashboard_daily_figures" ADD CONSTRAINT "dashboard_daily_figures_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_daily_phases" ADD CONSTRAINT "dashboard_daily_phases_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;