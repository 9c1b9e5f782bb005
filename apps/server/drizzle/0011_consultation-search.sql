CREATE TABLE "consultation_case_search" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"crop_key" text NOT NULL,
	"name_key" text NOT NULL,
	"body_key" text NOT NULL,
	"grams" text[] NOT NULL,
	"source_updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultation_cases" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_case_search" ADD CONSTRAINT "consultation_case_search_case_id_consultation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."consultation_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_case_search_grams_idx" ON "consultation_case_search" USING gin ("grams");--> statement-breakpoint
CREATE INDEX "consultation_case_search_crop_idx" ON "consultation_case_search" USING btree ("crop_key");