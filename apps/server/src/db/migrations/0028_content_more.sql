-- Issue 13, the rest: AVIF variants beside the WebP ones, so a width may be stored once per format.
ALTER TABLE "content_image_variants" DROP CONSTRAINT "content_image_variants_pkey";
--> statement-breakpoint
ALTER TABLE "content_image_variants" ADD PRIMARY KEY ("image_id", "width", "mime");
