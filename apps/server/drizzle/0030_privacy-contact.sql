ALTER TABLE "system_settings" ADD COLUMN "institute_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "privacy_contact_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "privacy_contact_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "privacy_contact_address" text DEFAULT '' NOT NULL;