-- Decision 0454: the crop-first lookup groups a crop's uses by pest with each pest's first source row;
-- with source_row in the crop index that is one range of the index, not a skip scan of the name-first
-- lookup's index (17 ms for a crop of 10,000 uses on the ten-year data). The new index serves every use
-- of the one it replaces (a crop's plant names, its pests).
CREATE INDEX "pesticide_uses_current_crop_idx" ON "pesticide_uses" USING btree ("plant","bugname","source_row") WHERE removed_by_import_id IS NULL;--> statement-breakpoint
DROP INDEX "pesticide_uses_current_plant_idx";
