ALTER TABLE "conversations" ADD COLUMN "status_reason" text;--> statement-breakpoint
-- Conversations that failed before reasons had codes get the code their English detail stands for.
UPDATE "conversations" SET "status_reason" = CASE
  WHEN "status_detail" LIKE 'No transcription engine for French%' THEN 'no_engine_for_language'
  WHEN "status_detail" LIKE 'No transcription engine installed%' THEN 'no_engine_installed'
  WHEN "status_detail" LIKE 'ffmpeg is not installed%' THEN 'audio_decoder_missing'
  WHEN "status_detail" LIKE 'This conversation has no audio%' OR "status_detail" LIKE 'The call''s audio file is missing%' THEN 'audio_missing'
  WHEN "status_detail" LIKE 'The audio cannot be decoded%' THEN 'audio_unreadable'
  WHEN "status_detail" LIKE 'The audio is empty%' OR "status_detail" LIKE 'No speech was recognised%' THEN 'no_speech'
  WHEN "status_detail" LIKE 'The transcription provider%' OR "status_detail" LIKE 'The provider%' THEN 'provider_error'
  WHEN "status_detail" LIKE 'The job was interrupted%' THEN 'interrupted'
  ELSE 'unexpected'
END WHERE "status" = 'failed';
