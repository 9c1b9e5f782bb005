ALTER TABLE "consultation_cases" ADD COLUMN "reply_text" text;--> statement-breakpoint
ALTER TABLE "consultation_cases" ADD COLUMN "follow_up_token_hash" text;