CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "consultation_cases_archive_idx" ON "consultation_cases" USING btree (coalesce("submitted_at", "created_at"),"id") WHERE published_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "consultation_cases_queue_idx" ON "consultation_cases" USING btree (("status" = 'answered'),coalesce("submitted_at", "created_at"),"id");--> statement-breakpoint
CREATE INDEX "discussion_comments_created_idx" ON "discussion_comments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "news_post_at_idx" ON "news" USING btree ("post_at","id");