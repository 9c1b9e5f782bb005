ALTER TABLE "carousels" ADD COLUMN "stored_file_id" uuid;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "feedback_url" text;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "favicon_file_id" uuid;