ALTER TABLE "ipm_files" ADD COLUMN "stored_file_id" uuid;--> statement-breakpoint
ALTER TABLE "ipm_sheets" ADD COLUMN "cover_file_id" uuid;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "cover_file_id" uuid;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "cover_file_id" uuid;