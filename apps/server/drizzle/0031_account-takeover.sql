ALTER TABLE "members" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "register_attempt_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device" text;