CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	"source_type" text NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"width" integer,
	"height" integer,
	"purpose" text NOT NULL,
	"owner_member_id" integer,
	"uploader_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attached_at" timestamp with time zone,
	CONSTRAINT "stored_files_status_check" CHECK ("stored_files"."status" IN ('pending', 'processing', 'attached', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "stored_files_sha256_idx" ON "stored_files" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "stored_files_unattached_idx" ON "stored_files" USING btree ("created_at") WHERE attached_at IS NULL;--> statement-breakpoint
CREATE INDEX "stored_files_uploader_idx" ON "stored_files" USING btree ("uploader_hash","created_at");--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("owner_member_id","created_at");