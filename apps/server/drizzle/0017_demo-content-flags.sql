ALTER TABLE "publications" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "researchers" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A database that got the demo content before this column existed: what the demo seeds wrote is
-- demo content. Records by their creation (staff may have added real ones since); the reading
-- room's publications and researchers have no staff editing yet, so all of theirs.
UPDATE "records" SET "demo" = true WHERE "created_at" <= (SELECT "applied_at" FROM "seed_runs" WHERE "name" = 'records-demo-v1');--> statement-breakpoint
UPDATE "publications" SET "demo" = true WHERE EXISTS (SELECT 1 FROM "seed_runs" WHERE "name" = 'reading-room-demo-v1');--> statement-breakpoint
UPDATE "researchers" SET "demo" = true WHERE EXISTS (SELECT 1 FROM "seed_runs" WHERE "name" = 'reading-room-demo-v1');
