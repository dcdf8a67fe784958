-- Keeps conversation_metadata_values counting, per campaign, the conversations (test ones aside) that hold each
-- metadata key and value. Statement-level triggers read the changed rows as transition tables: one upsert per
-- statement, however many rows it wrote; rows are locked in key order so that concurrent imports cannot deadlock.
CREATE FUNCTION count_inserted_conversation_metadata() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO conversation_metadata_values AS counted (campaign_id, key, value, conversations)
  SELECT inserted.campaign_id, metadata.key, metadata.value, count(*)
  FROM inserted_conversations AS inserted CROSS JOIN LATERAL jsonb_each_text(inserted.metadata) AS metadata
  WHERE NOT inserted.is_test
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (campaign_id, key, value) DO UPDATE SET conversations = counted.conversations + excluded.conversations;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update counts the difference between the rows' old and new metadata; most updates (analysis results) leave
-- it unchanged and write nothing.
CREATE FUNCTION count_updated_conversation_metadata() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO conversation_metadata_values AS counted (campaign_id, key, value, conversations)
  SELECT campaign_id, key, value, sum(delta)
  FROM (
    SELECT previous.campaign_id, metadata.key, metadata.value, -1 AS delta
    FROM updated_from AS previous CROSS JOIN LATERAL jsonb_each_text(previous.metadata) AS metadata
    WHERE NOT previous.is_test
    UNION ALL
    SELECT changed.campaign_id, metadata.key, metadata.value, 1 AS delta
    FROM updated_to AS changed CROSS JOIN LATERAL jsonb_each_text(changed.metadata) AS metadata
    WHERE NOT changed.is_test
  ) AS changes
  GROUP BY 1, 2, 3
  HAVING sum(delta) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (campaign_id, key, value) DO UPDATE SET conversations = counted.conversations + excluded.conversations;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A delete only lowers existing counts: when a campaign is deleted its conversations go with it, and inserting a
-- count there would name a campaign that is gone.
CREATE FUNCTION count_deleted_conversation_metadata() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversation_metadata_values AS counted
  SET conversations = counted.conversations - removed.conversations
  FROM (
    SELECT deleted.campaign_id, metadata.key, metadata.value, count(*) AS conversations
    FROM deleted_conversations AS deleted CROSS JOIN LATERAL jsonb_each_text(deleted.metadata) AS metadata
    WHERE NOT deleted.is_test
    GROUP BY 1, 2, 3
  ) AS removed
  WHERE counted.campaign_id = removed.campaign_id AND counted.key = removed.key AND counted.value = removed.value;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversations_metadata_inserted AFTER INSERT ON conversations
  REFERENCING NEW TABLE AS inserted_conversations
  FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_conversation_metadata();
--> statement-breakpoint
CREATE TRIGGER conversations_metadata_updated AFTER UPDATE ON conversations
  REFERENCING OLD TABLE AS updated_from NEW TABLE AS updated_to
  FOR EACH STATEMENT EXECUTE FUNCTION count_updated_conversation_metadata();
--> statement-breakpoint
CREATE TRIGGER conversations_metadata_deleted AFTER DELETE ON conversations
  REFERENCING OLD TABLE AS deleted_conversations
  FOR EACH STATEMENT EXECUTE FUNCTION count_deleted_conversation_metadata();
--> statement-breakpoint
INSERT INTO conversation_metadata_values (campaign_id, key, value, conversations)
SELECT conversations.campaign_id, metadata.key, metadata.value, count(*)
FROM conversations CROSS JOIN LATERAL jsonb_each_text(conversations.metadata) AS metadata
WHERE NOT conversations.is_test
GROUP BY 1, 2, 3;
