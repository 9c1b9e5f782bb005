CREATE TABLE "personal_data_exports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"email" text,
	"link_path" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"storage_key" text,
	"token_hash" text,
	"size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	CONSTRAINT "personal_data_exports_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "unused_warning_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "personal_data_exports_subject_idx" ON "personal_data_exports" USING btree ("subject_kind","subject_id","created_at");