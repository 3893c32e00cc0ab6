-- Game artwork (issue 27). A vendor that publishes pictures of its games (an aggregator's game list
-- has a thumbnail per game) keeps its picture here, refreshed by each import; null is a game we
-- draw ourselves (static files under /game-art, or the generated tile for a game added later).
ALTER TABLE "games" ADD COLUMN "image_url" text;--> statement-breakpoint
-- VIP level names in Nepali (issue 27), beside the English name as 0058 did for promotions:
-- empty reads the English name.
ALTER TABLE "vip_levels" ADD COLUMN "name_ne" text DEFAULT '' NOT NULL;
