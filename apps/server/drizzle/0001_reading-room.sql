CREATE TABLE "ipm_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"ipm_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ipm_sheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"pdf_key" text NOT NULL,
	"pdf_name" text NOT NULL,
	"pdf_size" integer NOT NULL,
	"cover_pic" text,
	"cover_width" integer,
	"cover_height" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"post_at" timestamp with time zone DEFAULT now() NOT NULL,
	"class" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"pics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publications" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"year" integer GENERATED ALWAYS AS (coalesce(substring(right(title, 6) from '[0-9]{4}')::integer, 1995)) STORED NOT NULL,
	"pdf_key" text NOT NULL,
	"pdf_name" text NOT NULL,
	"pdf_size" integer NOT NULL,
	"cover_pic" text,
	"cover_width" integer,
	"cover_height" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quick_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"quick_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quick_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"announce_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "researchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"room" text NOT NULL,
	"job" text NOT NULL,
	"sex" text NOT NULL,
	"specialty" text NOT NULL,
	"link" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"youtube_id" text NOT NULL,
	"cover_pic" text,
	"cover_width" integer,
	"cover_height" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ipm_files" ADD CONSTRAINT "ipm_files_ipm_id_ipm_sheets_id_fk" FOREIGN KEY ("ipm_id") REFERENCES "public"."ipm_sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_files" ADD CONSTRAINT "quick_files_quick_id_quick_items_id_fk" FOREIGN KEY ("quick_id") REFERENCES "public"."quick_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ipm_files_ipm_idx" ON "ipm_files" USING btree ("ipm_id");--> statement-breakpoint
CREATE INDEX "ipm_sheets_category_idx" ON "ipm_sheets" USING btree ("category","sort");--> statement-breakpoint
CREATE INDEX "news_class_post_at_idx" ON "news" USING btree ("class","post_at");--> statement-breakpoint
CREATE INDEX "publications_year_idx" ON "publications" USING btree ("year","published_at");--> statement-breakpoint
CREATE INDEX "quick_files_quick_idx" ON "quick_files" USING btree ("quick_id");