ALTER TABLE "alert_subscriptions" ADD COLUMN "line_identity_id" integer;--> statement-breakpoint
ALTER TABLE "pest_alerts" ADD COLUMN "line_unsent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pest_alerts" ADD COLUMN "line_stopped_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "alert_subscriptions_line_identity_idx" ON "alert_subscriptions" USING btree ("line_identity_id");