ALTER TABLE "record_pictures" ADD COLUMN "credit" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "record_pictures" ADD COLUMN "licence" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "record_pictures" ADD COLUMN "stored_file_id" uuid;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_state_check" CHECK ("records"."state" in ('draft', 'published'));