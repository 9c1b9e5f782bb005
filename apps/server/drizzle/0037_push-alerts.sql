CREATE TABLE "push_keys" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint" text NOT NULL,
	"purpose" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"member_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_purpose_endpoint_key" UNIQUE("purpose","endpoint")
);
--> statement-breakpoint
CREATE TABLE "alert_deliveries" (
	"alert_id" integer NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_deliveries_alert_id_channel_target_pk" PRIMARY KEY("alert_id","channel","target")
);
--> statement-breakpoint
CREATE TABLE "alert_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"crop_id" integer NOT NULL,
	"county" text NOT NULL,
	"target" text NOT NULL,
	"push_subscription_id" bigint,
	"member_id" integer,
	"confirm_token_hash" text,
	"unsubscribe_token" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_subscriptions_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
CREATE TABLE "pest_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"crop_id" integer NOT NULL,
	"crop_name" text NOT NULL,
	"counties" text[] NOT NULL,
	"text" text NOT NULL,
	"record_id" integer,
	"ipm_id" integer,
	"active_from" date NOT NULL,
	"active_until" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_case_push" (
	"case_id" integer NOT NULL,
	"subscription_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_case_push_case_id_subscription_id_pk" PRIMARY KEY("case_id","subscription_id")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "list_unsubscribe" text;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_alert_id_pest_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."pest_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_push_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("push_subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_case_push" ADD CONSTRAINT "consultation_case_push_case_id_consultation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."consultation_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_case_push" ADD CONSTRAINT "consultation_case_push_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_member_idx" ON "push_subscriptions" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscriptions_who_idx" ON "alert_subscriptions" USING btree ("channel","target","crop_id","county");--> statement-breakpoint
CREATE INDEX "alert_subscriptions_crop_idx" ON "alert_subscriptions" USING btree ("crop_id","county","id");--> statement-breakpoint
CREATE INDEX "alert_subscriptions_member_idx" ON "alert_subscriptions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "pest_alerts_active_idx" ON "pest_alerts" USING btree ("status","active_until");