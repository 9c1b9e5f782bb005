ALTER TABLE "pesticide_imports" DROP CONSTRAINT "pesticide_imports_status_check";--> statement-breakpoint
ALTER TABLE "pesticide_imports" ADD COLUMN "rows_read" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pesticide_imports" ADD COLUMN "bytes_read" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pesticide_imports" ADD COLUMN "total_bytes" integer;--> statement-breakpoint
ALTER TABLE "pesticide_imports" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "pesticide_imports" ADD CONSTRAINT "pesticide_imports_status_check" CHECK ("pesticide_imports"."status" in ('reading', 'failed', 'pending', 'applied', 'rolled-back', 'cancelled'));