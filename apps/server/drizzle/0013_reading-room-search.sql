CREATE TABLE "reading_room_search" (
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"name_key" text NOT NULL,
	"body_key" text NOT NULL,
	"grams" text[] NOT NULL,
	"source_updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reading_room_search_kind_item_id_pk" PRIMARY KEY("kind","item_id")
);
--> statement-breakpoint
ALTER TABLE "ipm_sheets" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "reading_room_search_grams_idx" ON "reading_room_search" USING gin ("grams");