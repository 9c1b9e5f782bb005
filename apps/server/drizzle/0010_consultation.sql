CREATE TABLE "consultation_case_links" (
	"case_id" integer NOT NULL,
	"kind" text NOT NULL,
	"target_id" integer NOT NULL,
	CONSTRAINT "consultation_case_links_case_id_kind_target_id_pk" PRIMARY KEY("case_id","kind","target_id")
);
--> statement-breakpoint
CREATE TABLE "consultation_case_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"photo_group" text NOT NULL,
	"stored_file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_case_photos_group_check" CHECK ("consultation_case_photos"."photo_group" IN ('pic1', 'pic2', 'pic3'))
);
--> statement-breakpoint
CREATE TABLE "consultation_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'receiving' NOT NULL,
	"idempotency_key" text,
	"upload_token_hash" text,
	"expected_photos" integer,
	"member_id" integer,
	"asker_name" text NOT NULL,
	"asker_email" text NOT NULL,
	"asker_phone" text NOT NULL,
	"county_id" text NOT NULL,
	"county_name" text NOT NULL,
	"township_name" text NOT NULL,
	"crop_name" text NOT NULL,
	"crop_id" integer,
	"description" text NOT NULL,
	"follow_token_hash" text,
	"assigned_expert_id" integer,
	"assigned_at" timestamp with time zone,
	"reply_html" text,
	"replied_at" timestamp with time zone,
	"replied_by" integer,
	"published_at" timestamp with time zone,
	"staff_note" text DEFAULT '' NOT NULL,
	"follow_up_sent_at" timestamp with time zone,
	"follow_up_answer" text,
	"follow_up_answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_cases_status_check" CHECK ("consultation_cases"."status" IN ('receiving', 'submitted', 'answered'))
);
--> statement-breakpoint
CREATE TABLE "consultation_crops" (
	"id" integer PRIMARY KEY NOT NULL,
	"cname" text NOT NULL,
	"ename" text DEFAULT '' NOT NULL,
	"online" boolean DEFAULT true NOT NULL,
	"picture" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_expert_crops" (
	"member_id" integer NOT NULL,
	"crop_id" integer NOT NULL,
	CONSTRAINT "consultation_expert_crops_member_id_crop_id_pk" PRIMARY KEY("member_id","crop_id")
);
--> statement-breakpoint
CREATE TABLE "consultation_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"crop_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"level_id" integer NOT NULL,
	"parent_option_id" integer,
	"name" text NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"picture" text DEFAULT '' NOT NULL,
	"team_authored" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultation_case_links" ADD CONSTRAINT "consultation_case_links_case_id_consultation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."consultation_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_case_photos" ADD CONSTRAINT "consultation_case_photos_case_id_consultation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."consultation_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_case_photos" ADD CONSTRAINT "consultation_case_photos_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_cases" ADD CONSTRAINT "consultation_cases_crop_id_consultation_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."consultation_crops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_expert_crops" ADD CONSTRAINT "consultation_expert_crops_crop_id_consultation_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."consultation_crops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_levels" ADD CONSTRAINT "consultation_levels_crop_id_consultation_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."consultation_crops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_options" ADD CONSTRAINT "consultation_options_level_id_consultation_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."consultation_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_case_photos_file_key" ON "consultation_case_photos" USING btree ("case_id","stored_file_id");--> statement-breakpoint
CREATE INDEX "consultation_case_photos_case_idx" ON "consultation_case_photos" USING btree ("case_id","photo_group");--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_cases_idempotency_key" ON "consultation_cases" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "consultation_cases_status_idx" ON "consultation_cases" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "consultation_cases_published_idx" ON "consultation_cases" USING btree ("published_at") WHERE published_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "consultation_cases_member_idx" ON "consultation_cases" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "consultation_cases_expert_idx" ON "consultation_cases" USING btree ("assigned_expert_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_levels_crop_position_key" ON "consultation_levels" USING btree ("crop_id","position");--> statement-breakpoint
CREATE INDEX "consultation_options_level_parent_idx" ON "consultation_options" USING btree ("level_id","parent_option_id");