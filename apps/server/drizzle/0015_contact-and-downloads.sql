CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'contact' NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"industry" text,
	"country" text,
	"address" text,
	"telephone" text DEFAULT '' NOT NULL,
	"fax" text,
	"website" text,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"page" text,
	"member_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"handled_at" timestamp with time zone,
	"handled_by_id" integer,
	"handled_by_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "contact_messages_kind_check" CHECK ("contact_messages"."kind" IN ('contact', 'feedback')),
	CONSTRAINT "contact_messages_status_check" CHECK ("contact_messages"."status" IN (0, 1))
);
--> statement-breakpoint
CREATE TABLE "catalog_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"file" text NOT NULL,
	"storage_key" text,
	"content_type" text,
	"size" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_details_status_check" CHECK ("catalog_details"."status" IN (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "catalog_relations" (
	"id" serial PRIMARY KEY NOT NULL,
	"catalog_type_id" integer NOT NULL,
	"catalog_detail_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"index_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_types_status_check" CHECK ("catalog_types"."status" IN (0, 1, 2))
);
--> statement-breakpoint
ALTER TABLE "catalog_relations" ADD CONSTRAINT "catalog_relations_catalog_type_id_catalog_types_id_fk" FOREIGN KEY ("catalog_type_id") REFERENCES "public"."catalog_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_relations" ADD CONSTRAINT "catalog_relations_catalog_detail_id_catalog_details_id_fk" FOREIGN KEY ("catalog_detail_id") REFERENCES "public"."catalog_details"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_open_idx" ON "contact_messages" USING btree ("created_at") WHERE status = 0;--> statement-breakpoint
CREATE INDEX "catalog_details_order_idx" ON "catalog_details" USING btree ("sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_relations_type_detail_key" ON "catalog_relations" USING btree ("catalog_type_id","catalog_detail_id");--> statement-breakpoint
CREATE INDEX "catalog_relations_detail_idx" ON "catalog_relations" USING btree ("catalog_detail_id");--> statement-breakpoint
CREATE INDEX "catalog_types_order_idx" ON "catalog_types" USING btree ("index_id","id");