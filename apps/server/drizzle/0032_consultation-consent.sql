ALTER TABLE "consultation_cases" ADD COLUMN "publish_consent" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_cases" ADD COLUMN "reply_token_hash" text;--> statement-breakpoint
ALTER TABLE "consultation_cases" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultation_cases" ADD CONSTRAINT "consultation_cases_publish_consent_check" CHECK ("consultation_cases"."publish_consent" IN ('none', 'asker', 'prior-publication'));--> statement-breakpoint
-- Hand-written (decision 0302): cases published before the consent question keep their state, marked as such.
UPDATE "consultation_cases" SET "publish_consent" = 'prior-publication' WHERE "published_at" IS NOT NULL;
