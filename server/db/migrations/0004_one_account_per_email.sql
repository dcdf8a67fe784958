DROP INDEX "users_email_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "users_account_email_unique" ON "users" USING btree ("email") WHERE "users"."status" <> 'invited';--> statement-breakpoint
CREATE UNIQUE INDEX "users_organisation_email_unique" ON "users" USING btree ("organisation_id","email");