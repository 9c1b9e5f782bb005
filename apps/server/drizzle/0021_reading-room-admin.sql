ALTER TABLE "ipm_sheets" ADD COLUMN "pdf_file_id" uuid;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "pdf_file_id" uuid;