CREATE TABLE "pesticide_import_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"line" integer,
	"use_id" integer,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	CONSTRAINT "pesticide_import_changes_kind_check" CHECK ("pesticide_import_changes"."kind" in ('added', 'changed', 'removed', 'rejected'))
);
--> statement-breakpoint
DROP INDEX "pesticide_uses_row_key_idx";--> statement-breakpoint
DROP INDEX "pesticide_uses_bugname_idx";--> statement-breakpoint
ALTER TABLE "pesticide_imports" ALTER COLUMN "imported_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "pesticide_imports" ALTER COLUMN "imported_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pesticide_imports" ADD COLUMN "status" text DEFAULT 'applied' NOT NULL;--> statement-breakpoint
ALTER TABLE "pesticide_imports" ADD COLUMN "mode" text DEFAULT 'merge' NOT NULL;--> statement-breakpoint
ALTER TABLE "pesticide_imports" ADD COLUMN "file_id" uuid;--> statement-breakpoint
ALTER TABLE "pesticide_imports" ADD COLUMN "base_import_id" integer;--> statement-breakpoint
ALTER TABLE "pesticide_imports" ADD COLUMN "sequence" integer;--> statement-breakpoint
ALTER TABLE "pesticide_imports" ADD COLUMN "changed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pesticide_imports" ADD COLUMN "unchanged" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pesticide_imports" ADD COLUMN "created_by" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pesticide_imports" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "pesticide_imports" ADD COLUMN "rolled_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pesticide_imports" ADD COLUMN "rolled_back_by" text;--> statement-breakpoint
ALTER TABLE "pesticide_imports" ADD COLUMN "history_kept" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "pesticide_uses" ADD COLUMN "removed_by_import_id" integer;--> statement-breakpoint
ALTER TABLE "pesticide_import_changes" ADD CONSTRAINT "pesticide_import_changes_import_id_pesticide_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."pesticide_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pesticide_import_changes_import_idx" ON "pesticide_import_changes" USING btree ("import_id","kind","position");--> statement-breakpoint
ALTER TABLE "pesticide_imports" ADD CONSTRAINT "pesticide_imports_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pesticide_uses" ADD CONSTRAINT "pesticide_uses_removed_by_import_id_pesticide_imports_id_fk" FOREIGN KEY ("removed_by_import_id") REFERENCES "public"."pesticide_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pesticide_imports_sequence_idx" ON "pesticide_imports" USING btree ("sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "pesticide_uses_current_row_key_idx" ON "pesticide_uses" USING btree ("row_key") WHERE removed_by_import_id IS NULL;--> statement-breakpoint
CREATE INDEX "pesticide_uses_current_bugname_idx" ON "pesticide_uses" USING btree ("bugname","plant") WHERE removed_by_import_id IS NULL;--> statement-breakpoint
CREATE INDEX "pesticide_uses_import_idx" ON "pesticide_uses" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "pesticide_uses_removed_by_idx" ON "pesticide_uses" USING btree ("removed_by_import_id");--> statement-breakpoint
ALTER TABLE "pesticide_imports" ADD CONSTRAINT "pesticide_imports_status_check" CHECK ("pesticide_imports"."status" in ('pending', 'applied', 'rolled-back', 'cancelled'));--> statement-breakpoint
ALTER TABLE "pesticide_imports" ADD CONSTRAINT "pesticide_imports_mode_check" CHECK ("pesticide_imports"."mode" in ('replace', 'merge'));--> statement-breakpoint
-- Imports made before this migration were applied in the order of their ids, by the command line
-- or the seed. Those that removed rows (--replace) deleted them, so they cannot be rolled back.
UPDATE "pesticide_imports" SET "sequence" = "id", "created_at" = "imported_at", "created_by" = CASE WHEN "file_name" = 'pesticide-uses-sample.csv' THEN 'seed' ELSE 'cli' END, "history_kept" = ("removed" = 0);
