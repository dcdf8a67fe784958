CREATE TABLE "conversation_translations" (
	"conversation_id" uuid NOT NULL,
	"target_language" text NOT NULL,
	"source_hash" text NOT NULL,
	"engine" jsonb NOT NULL,
	"gist" boolean NOT NULL,
	"turns" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_translations_conversation_id_target_language_pk" PRIMARY KEY("conversation_id","target_language")
);
--> statement-breakpoint
ALTER TABLE "conversation_translations" ADD CONSTRAINT "conversation_translations_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;