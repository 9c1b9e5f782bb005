CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carousels" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" text DEFAULT 'index' NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"pic" text NOT NULL,
	"pic_width" integer NOT NULL,
	"pic_height" integer NOT NULL,
	"link" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"index_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"website_title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"index_favicon" text,
	"keywords" text DEFAULT '' NOT NULL,
	"g_tag" text,
	"service_gmap" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
