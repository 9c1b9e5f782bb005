CREATE TABLE "catalogue_article_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"slug" text DEFAULT '' NOT NULL,
	"index_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"article_category_id" integer,
	"pic" text DEFAULT '' NOT NULL,
	"index_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_brand_introductions" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"pic" text DEFAULT '' NOT NULL,
	"index_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_course_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"index_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"course_type_id" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"place" text DEFAULT '' NOT NULL,
	"fee" integer,
	"banner" text DEFAULT '' NOT NULL,
	"demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_index_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"pic" text DEFAULT '' NOT NULL,
	"index_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"members_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"telephone" text NOT NULL,
	"company_name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"product_info" jsonb NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"last_number_of_transfer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_performance_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"performance_type_id" integer,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"pic" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_performance_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_product_bundles" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"product_ids" text DEFAULT '[]' NOT NULL,
	"banner" text DEFAULT '' NOT NULL,
	"price" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_product_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"product_type_id" integer,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"pic" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"index_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_product_package_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"index_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_product_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"description_titles" text DEFAULT '[]' NOT NULL,
	"pics" text DEFAULT '[]' NOT NULL,
	"banner" text DEFAULT '' NOT NULL,
	"package_type_id" integer,
	"price" integer
);
--> statement-breakpoint
CREATE TABLE "catalogue_product_relations" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"product_type_id" integer,
	"product_id" integer
);
--> statement-breakpoint
CREATE TABLE "catalogue_product_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"index_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"description_titles" text DEFAULT '[]' NOT NULL,
	"product_type_ids" text DEFAULT '[]' NOT NULL,
	"pics" text DEFAULT '[]' NOT NULL,
	"banner" text DEFAULT '' NOT NULL,
	"price" integer,
	"unit" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "catalogue_products_status" CHECK ("catalogue_products"."status" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "catalogue_question_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"question_type_id" integer,
	"question" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_question_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"index_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_service_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"pic" text DEFAULT '' NOT NULL,
	"index_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopping_carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"members_id" integer NOT NULL,
	"products_id" integer NOT NULL,
	"qty" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopping_carts_qty" CHECK ("shopping_carts"."qty" >= 1)
);
--> statement-breakpoint
CREATE TABLE "catalogue_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"index_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shopping_carts" ADD CONSTRAINT "shopping_carts_products_id_catalogue_products_id_fk" FOREIGN KEY ("products_id") REFERENCES "public"."catalogue_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number_idx" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "orders_member_idx" ON "orders" USING btree ("members_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_telephone_idx" ON "orders" USING btree ("telephone");--> statement-breakpoint
CREATE INDEX "catalogue_products_created_idx" ON "catalogue_products" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shopping_carts_member_product_idx" ON "shopping_carts" USING btree ("members_id","products_id");