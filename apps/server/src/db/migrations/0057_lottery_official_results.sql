-- Official results for station-named lottery draws (issue 28). A draw of a game named after real
-- stations (Hà Nội, the Central and South stations) pays on the official result, never on a house
-- seed: `result_source` says which a draw is; an official draw past its time without an approved
-- result is 'waiting' (never voided), and 'conflict' while its sources disagree (nothing settles).
-- `official` records, once drawn, where the result came from and who entered and approved it.
ALTER TABLE "lottery_draws" ADD COLUMN "result_source" text DEFAULT 'house' NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD COLUMN "official" jsonb;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_result_source_known" CHECK ("result_source" in ('house', 'official'));--> statement-breakpoint
ALTER TABLE "lottery_draws" DROP CONSTRAINT "lottery_draws_status_known";--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_status_known" CHECK ("status" in ('open', 'waiting', 'conflict', 'drawn', 'settled'));--> statement-breakpoint
-- Draws of the station-named games not drawn yet become official: their house seed is withdrawn.
UPDATE "lottery_draws" SET "result_source" = 'official', "server_seed" = '', "server_seed_hash" = ''
  WHERE "game_code" IN ('VN_NORTH', 'VN_CENTRAL', 'VN_SOUTH') AND "status" = 'open';--> statement-breakpoint
-- One result per draw and source: the operator's entry (approved by a second operator before it
-- counts) and the results feed's.
CREATE TABLE "lottery_official_results" (
	"draw_id" text NOT NULL,
	"source" text NOT NULL,
	"results" jsonb NOT NULL,
	"entered_by_id" integer,
	"entered_by_account" text,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by_id" integer,
	"approved_by_account" text,
	"approved_at" timestamp with time zone,
	"feed_url" text,
	CONSTRAINT "lottery_official_results_pk" PRIMARY KEY("draw_id","source"),
	CONSTRAINT "lottery_official_results_source_known" CHECK ("source" in ('operator', 'feed')),
	CONSTRAINT "lottery_official_results_four_eyes" CHECK ("approved_by_id" IS NULL OR "approved_by_id" IS DISTINCT FROM "entered_by_id")
);
