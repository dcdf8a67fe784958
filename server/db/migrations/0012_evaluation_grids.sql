CREATE TABLE "evaluation_grid_versions" (
	"grid_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluation_grid_versions_grid_id_version_pk" PRIMARY KEY("grid_id","version")
);
--> statement-breakpoint
CREATE TABLE "evaluation_grids" (
	"id" uuid PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluation_grids_campaign_id_unique" UNIQUE("campaign_id")
);
--> statement-breakpoint
ALTER TABLE "evaluation_grid_versions" ADD CONSTRAINT "evaluation_grid_versions_grid_id_evaluation_grids_id_fk" FOREIGN KEY ("grid_id") REFERENCES "public"."evaluation_grids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_grid_versions" ADD CONSTRAINT "evaluation_grid_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_grids" ADD CONSTRAINT "evaluation_grids_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;