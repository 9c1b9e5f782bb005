CREATE TABLE "crop_ipm_sheets" (
	"crop_id" integer NOT NULL,
	"ipm_sheet_id" integer NOT NULL,
	CONSTRAINT "crop_ipm_sheets_crop_id_ipm_sheet_id_pk" PRIMARY KEY("crop_id","ipm_sheet_id")
);
--> statement-breakpoint
CREATE TABLE "crop_names" (
	"crop_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crop_records" (
	"crop_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	CONSTRAINT "crop_records_crop_id_record_id_pk" PRIMARY KEY("crop_id","record_id")
);
--> statement-breakpoint
CREATE TABLE "crops" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crop_ipm_sheets" ADD CONSTRAINT "crop_ipm_sheets_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crop_names" ADD CONSTRAINT "crop_names_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crop_records" ADD CONSTRAINT "crop_records_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crop_ipm_sheets_sheet_idx" ON "crop_ipm_sheets" USING btree ("ipm_sheet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crop_names_name_key" ON "crop_names" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "crop_names_crop_idx" ON "crop_names" USING btree ("crop_id","position");--> statement-breakpoint
CREATE INDEX "crop_records_record_idx" ON "crop_records" USING btree ("record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crops_name_key" ON "crops" USING btree ("name");--> statement-breakpoint
CREATE INDEX "pesticide_uses_current_plant_idx" ON "pesticide_uses" USING btree ("plant","bugname") WHERE removed_by_import_id IS NULL;