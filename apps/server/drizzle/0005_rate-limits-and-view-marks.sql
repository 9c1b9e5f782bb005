CREATE TABLE "rate_limit_hits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_hits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "visitor_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_view_marks" (
	"visitor" text NOT NULL,
	"record_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "record_view_marks_visitor_record_id_hour_pk" PRIMARY KEY("visitor","record_id","hour")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_expires_idx" ON "rate_limit_hits" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "record_view_marks_hour_idx" ON "record_view_marks" USING btree ("hour");