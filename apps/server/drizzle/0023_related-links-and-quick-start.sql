CREATE TABLE "related_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"url_checked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quick_files" ADD COLUMN "stored_file_id" uuid;--> statement-breakpoint
ALTER TABLE "quick_items" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "quick_items" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- The six links /link showed as a constant (decision 0247), for every database: a demo install and an
-- institute's own one alike. Their targets are agencies' home pages nobody has confirmed (issue 15
-- item 14): url_checked stays false until an editor opens each one and ticks it in /admin.
INSERT INTO "related_links" ("title", "description", "url", "sort") VALUES
	('植物保護資訊系統', '植物疫病蟲害診斷、防治資材與植物保護手冊的整合查詢。', 'https://www.tari.gov.tw/', 10),
	('蔬菜害蟲發生預測', '主要蔬菜害蟲田間密度監測與發生趨勢通報。', 'https://www.tari.gov.tw/', 20),
	('果樹害蟲發生預測', '東方果實蠅等重要果樹害蟲的監測資料與警報。', 'https://www.aphia.gov.tw/', 30),
	('斜紋夜蛾密度通報', '以性費洛蒙誘蟲器監測斜紋夜蛾等夜蛾類族群密度。', 'https://www.tari.gov.tw/', 40),
	('農藥作用機制分類（IRAC）', '殺蟲劑作用機制分類，依作用機制輪替用藥，延緩抗藥性產生。', 'https://irac-online.org/mode-of-action/', 50),
	('農藥資訊服務網', '登記農藥、使用範圍、安全採收期與殘留容許量查詢。', 'https://pesticide.aphia.gov.tw/', 60);
