CREATE TABLE "admin_create_keys" (
	"key" uuid PRIMARY KEY NOT NULL,
	"resource" text NOT NULL,
	"actor_id" integer NOT NULL,
	"created_id" jsonb,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_create_keys_claimed_at_idx" ON "admin_create_keys" USING btree ("claimed_at");