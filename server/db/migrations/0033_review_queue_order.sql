-- The queues walk their keyset pages in an index: due time (none last) then id, a row comparison away (decision 0217).
DROP INDEX "review_assignments_reviewer_idx";--> statement-breakpoint
DROP INDEX "review_assignments_campaign_idx";--> statement-breakpoint
CREATE INDEX "review_assignments_reviewer_idx" ON "review_assignments" USING btree ("reviewer_id","status",coalesce("due_at", 'infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "review_assignments_campaign_idx" ON "review_assignments" USING btree ("campaign_id","status",coalesce("due_at", 'infinity'::timestamptz),"id");