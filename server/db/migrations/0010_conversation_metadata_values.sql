CREATE TABLE "conversation_metadata_values" (
	"campaign_id" uuid NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"conversations" integer NOT NULL,
	CONSTRAINT "conversation_metadata_values_campaign_id_key_value_pk" PRIMARY KEY("campaign_id","key","value")
);
--> statement-breakpoint
ALTER TABLE "conversation_metadata_values" ADD CONSTRAINT "conversation_metadata_values_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;