-- A GIN index's pending list is read in full by every search until a vacuum merges it, and the
-- embedded database never vacuums on its own (decision 0451): new entries go into the index itself.
ALTER INDEX "record_search_grams_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "reading_room_search_grams_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "consultation_case_search_grams_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "member_search_grams_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "order_search_grams_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "discussion_question_search_grams_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "discussion_comment_search_grams_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('"record_search_grams_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"reading_room_search_grams_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"consultation_case_search_grams_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"member_search_grams_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"order_search_grams_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"discussion_question_search_grams_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"discussion_comment_search_grams_idx"'::regclass);
