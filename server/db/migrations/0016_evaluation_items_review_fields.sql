-- Evaluation items stored before `needs_review` and `failure_detail` existed get them (false, null); an item
-- that has them keeps its own values (the right side of || wins).
UPDATE "evaluations" SET "items" = (
	SELECT coalesce(jsonb_agg(jsonb_build_object('needs_review', false, 'failure_detail', null) || "item" ORDER BY "position"), '[]'::jsonb)
	FROM jsonb_array_elements("items") WITH ORDINALITY AS "stored"("item", "position")
) WHERE jsonb_array_length("items") > 0;
