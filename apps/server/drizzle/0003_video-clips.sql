ALTER TABLE "videos" ALTER COLUMN "youtube_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "clip_key" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "clip_name" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "clip_size" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_source_check" CHECK (("videos"."youtube_id" is not null and "videos"."clip_key" is null and "videos"."clip_name" is null and "videos"."clip_size" is null)
        or ("videos"."youtube_id" is null and "videos"."clip_key" is not null and "videos"."clip_name" is not null and "videos"."clip_size" is not null));