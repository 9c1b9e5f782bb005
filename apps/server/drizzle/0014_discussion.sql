CREATE TABLE "discussion_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"identity_id" integer NOT NULL,
	"content" text NOT NULL,
	"username" text NOT NULL,
	"userpic" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "discussion_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_user_id" text NOT NULL,
	"display_name" text NOT NULL,
	"picture_url" text DEFAULT '' NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"member_id" integer,
	"blocked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_identities_line_user_id_unique" UNIQUE("line_user_id"),
	CONSTRAINT "discussion_identities_member_id_unique" UNIQUE("member_id"),
	CONSTRAINT "discussion_identities_line_user_id_check" CHECK (length("discussion_identities"."line_user_id") BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE TABLE "discussion_question_photos" (
	"question_id" integer NOT NULL,
	"stored_file_id" uuid PRIMARY KEY NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discussion_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"identity_id" integer NOT NULL,
	"dclass" text NOT NULL,
	"crop_type" text NOT NULL,
	"crop_other" text DEFAULT '' NOT NULL,
	"describe" text NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "discussion_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"identity_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discussion_uploads" (
	"stored_file_id" uuid NOT NULL,
	"identity_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_uploads_stored_file_id_identity_id_pk" PRIMARY KEY("stored_file_id","identity_id")
);
--> statement-breakpoint
ALTER TABLE "discussion_comments" ADD CONSTRAINT "discussion_comments_question_id_discussion_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."discussion_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_comments" ADD CONSTRAINT "discussion_comments_identity_id_discussion_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."discussion_identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_question_photos" ADD CONSTRAINT "discussion_question_photos_question_id_discussion_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."discussion_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_question_photos" ADD CONSTRAINT "discussion_question_photos_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_questions" ADD CONSTRAINT "discussion_questions_identity_id_discussion_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."discussion_identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_sessions" ADD CONSTRAINT "discussion_sessions_identity_id_discussion_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."discussion_identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_uploads" ADD CONSTRAINT "discussion_uploads_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_uploads" ADD CONSTRAINT "discussion_uploads_identity_id_discussion_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."discussion_identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_comments_question_idx" ON "discussion_comments" USING btree ("question_id","id");--> statement-breakpoint
CREATE INDEX "discussion_comments_identity_idx" ON "discussion_comments" USING btree ("identity_id","created_at");--> statement-breakpoint
CREATE INDEX "discussion_question_photos_question_idx" ON "discussion_question_photos" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "discussion_questions_identity_idx" ON "discussion_questions" USING btree ("identity_id","created_at");--> statement-breakpoint
CREATE INDEX "discussion_questions_created_idx" ON "discussion_questions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "discussion_sessions_expires_idx" ON "discussion_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "discussion_uploads_identity_idx" ON "discussion_uploads" USING btree ("identity_id","created_at");