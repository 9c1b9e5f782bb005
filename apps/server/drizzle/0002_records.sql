CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "pesticide_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"snapshot_date" date,
	"file_name" text NOT NULL,
	"accepted" integer NOT NULL,
	"rejected" integer NOT NULL,
	"inserted" integer NOT NULL,
	"removed" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pesticide_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"row_key" text NOT NULL,
	"import_id" integer NOT NULL,
	"source_row" integer,
	"plant" text NOT NULL,
	"bugname" text NOT NULL,
	"cname" text NOT NULL,
	"amount" text DEFAULT '' NOT NULL,
	"typecode" text DEFAULT '' NOT NULL,
	"use_a" text DEFAULT '' NOT NULL,
	"use_r" text DEFAULT '' NOT NULL,
	"use_p" text DEFAULT '' NOT NULL,
	"use_t" text DEFAULT '' NOT NULL,
	"usecount" text DEFAULT '' NOT NULL,
	"safe" text DEFAULT '' NOT NULL,
	"method" text DEFAULT '' NOT NULL,
	"notice" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"approved_on" date,
	"registrant" text DEFAULT '' NOT NULL,
	"moa" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_pictures" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"class" text NOT NULL,
	"obj" text DEFAULT 'pic' NOT NULL,
	"display" boolean DEFAULT true NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_pictures_class_check" CHECK ("record_pictures"."class" in ('album', 'feature', 'harm', 'intro', 'life'))
);
--> statement-breakpoint
CREATE TABLE "records" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"disease_class" text,
	"c_name" text NOT NULL,
	"e_name" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"e_class1" text DEFAULT '' NOT NULL,
	"e_class2" text DEFAULT '' NOT NULL,
	"e_class3" text DEFAULT '' NOT NULL,
	"e_class4" text DEFAULT '' NOT NULL,
	"e_class5" text DEFAULT '' NOT NULL,
	"c_class1" text DEFAULT '' NOT NULL,
	"c_class2" text DEFAULT '' NOT NULL,
	"c_class3" text DEFAULT '' NOT NULL,
	"property" text DEFAULT '' NOT NULL,
	"life" text DEFAULT '' NOT NULL,
	"distribute" text DEFAULT '' NOT NULL,
	"harm" text DEFAULT '' NOT NULL,
	"harm_part" text DEFAULT '' NOT NULL,
	"harm_detail" text DEFAULT '' NOT NULL,
	"liter" text DEFAULT '' NOT NULL,
	"control" text DEFAULT '' NOT NULL,
	"pesticide_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"name_key" text NOT NULL,
	"alias_key" text DEFAULT '' NOT NULL,
	"latin_key" text DEFAULT '' NOT NULL,
	"search_names" text DEFAULT '' NOT NULL,
	"search_body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "records_type_check" CHECK ("records"."type" in ('pest', 'beneficial', 'disease', 'mite')),
	CONSTRAINT "records_disease_class_check" CHECK ("records"."disease_class" is null or "records"."disease_class" in ('fungus', 'bacteria', 'virus', 'nematode', 'phytoplasma', 'complex', 'algae', 'oomycete'))
);
--> statement-breakpoint
ALTER TABLE "pesticide_uses" ADD CONSTRAINT "pesticide_uses_import_id_pesticide_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."pesticide_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_pictures" ADD CONSTRAINT "record_pictures_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pesticide_uses_row_key_idx" ON "pesticide_uses" USING btree ("row_key");--> statement-breakpoint
CREATE INDEX "pesticide_uses_bugname_idx" ON "pesticide_uses" USING btree ("bugname","plant");--> statement-breakpoint
CREATE INDEX "record_pictures_record_idx" ON "record_pictures" USING btree ("record_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "record_pictures_file_idx" ON "record_pictures" USING btree ("record_id","name","type");--> statement-breakpoint
CREATE INDEX "records_search_names_idx" ON "records" USING gin ("search_names" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "records_search_body_idx" ON "records" USING gin ("search_body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "records_type_name_idx" ON "records" USING btree ("type","c_name" collate "C","id");--> statement-breakpoint
CREATE INDEX "records_name_idx" ON "records" USING btree ("c_name" collate "C","id");--> statement-breakpoint
CREATE INDEX "records_views_idx" ON "records" USING btree ("views" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "records_created_idx" ON "records" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);