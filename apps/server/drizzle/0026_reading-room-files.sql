CREATE TABLE "news_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"news_id" integer NOT NULL,
	"number" integer NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"stored_file_id" uuid
);
--> statement-breakpoint
CREATE TABLE "news_pictures" (
	"id" serial PRIMARY KEY NOT NULL,
	"news_id" integer NOT NULL,
	"file" text NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"stored_file_id" uuid
);
--> statement-breakpoint
ALTER TABLE "ipm_files" ADD COLUMN "stored_file_id" uuid;--> statement-breakpoint
ALTER TABLE "ipm_sheets" ADD COLUMN "cover_file_id" uuid;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "cover_file_id" uuid;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "cover_file_id" uuid;--> statement-breakpoint
ALTER TABLE "news_files" ADD CONSTRAINT "news_files_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_pictures" ADD CONSTRAINT "news_pictures_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "news_files_number_idx" ON "news_files" USING btree ("news_id","number");--> statement-breakpoint
CREATE INDEX "news_pictures_news_idx" ON "news_pictures" USING btree ("news_id","sort");--> statement-breakpoint
-- The news items' pictures and attachments move from their JSON columns to rows (decision 0246),
-- in their order; an attachment keeps its number, so its download address stays the same.
INSERT INTO "news_pictures" ("news_id", "file", "alt", "width", "height", "sort")
SELECT "news"."id", "pic"."value"->>'file', coalesce("pic"."value"->>'alt', ''),
  ("pic"."value"->>'width')::integer, ("pic"."value"->>'height')::integer, ("pic"."ordinality" - 1)::integer
FROM "news" CROSS JOIN LATERAL jsonb_array_elements("news"."pics") WITH ORDINALITY AS "pic"("value", "ordinality");--> statement-breakpoint
INSERT INTO "news_files" ("news_id", "number", "storage_key", "file_name", "size", "sort")
SELECT "news"."id", ("file"."value"->>'id')::integer, "file"."value"->>'key', "file"."value"->>'name',
  ("file"."value"->>'size')::integer, ("file"."ordinality" - 1)::integer
FROM "news" CROSS JOIN LATERAL jsonb_array_elements("news"."files") WITH ORDINALITY AS "file"("value", "ordinality");--> statement-breakpoint
ALTER TABLE "news" DROP COLUMN "pics";--> statement-breakpoint
ALTER TABLE "news" DROP COLUMN "files";