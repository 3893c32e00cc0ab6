ALTER TABLE "lottery_tickets" ADD COLUMN "commission" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_commission" CHECK ("commission" >= 0);
--> statement-breakpoint
ALTER TABLE "lottery_odds" ALTER COLUMN "odds" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "lottery_odds" ADD COLUMN "commission_bps" integer;
--> statement-breakpoint
ALTER TABLE "lottery_odds" ADD CONSTRAINT "lottery_odds_commission_range" CHECK ("commission_bps" between 0 and 5000);
--> statement-breakpoint
CREATE TABLE "lottery_game_settings" (
	"game_code" text PRIMARY KEY NOT NULL,
	"cutoff_seconds" integer NOT NULL,
	"max_stake_per_number" bigint NOT NULL,
	"max_stake_per_draw" bigint NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_game_settings_cutoff" CHECK ("cutoff_seconds" > 0),
	CONSTRAINT "lottery_game_settings_limits" CHECK ("max_stake_per_number" > 0 AND "max_stake_per_number" <= "max_stake_per_draw")
);
