-- Promotions carry ordered announcement images (SPEC §3 Promotion: announcementImages (sequence, url)),
-- shown in the promotion's detail. Ids of images stored by the content pipeline (re-encoded uploads),
-- in the order the operator set; an array keeps that order with the row and its audit diff.
ALTER TABLE "promotions" ADD COLUMN "announcement_image_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_announcement_images_max" CHECK (cardinality("announcement_image_ids") <= 10);
