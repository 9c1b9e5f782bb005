CREATE TABLE "member_search" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"text_key" text NOT NULL,
	"grams" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_search" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"text_key" text NOT NULL,
	"grams" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discussion_comment_search" (
	"comment_id" integer PRIMARY KEY NOT NULL,
	"text_key" text NOT NULL,
	"grams" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discussion_question_search" (
	"question_id" integer PRIMARY KEY NOT NULL,
	"text_key" text NOT NULL,
	"grams" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_search" ADD CONSTRAINT "member_search_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_search" ADD CONSTRAINT "order_search_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_comment_search" ADD CONSTRAINT "discussion_comment_search_comment_id_discussion_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."discussion_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_question_search" ADD CONSTRAINT "discussion_question_search_question_id_discussion_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."discussion_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_search_grams_idx" ON "member_search" USING gin ("grams");--> statement-breakpoint
CREATE INDEX "order_search_grams_idx" ON "order_search" USING gin ("grams");--> statement-breakpoint
CREATE INDEX "discussion_comment_search_grams_idx" ON "discussion_comment_search" USING gin ("grams");--> statement-breakpoint
CREATE INDEX "discussion_question_search_grams_idx" ON "discussion_question_search" USING gin ("grams");