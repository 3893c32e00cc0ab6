CREATE TABLE "lottery_draws" (
	"id" text PRIMARY KEY NOT NULL,
	"game_code" text NOT NULL,
	"draw_time" timestamp with time zone NOT NULL,
	"cutoff_at" timestamp with time zone NOT NULL,
	"stations" text[] DEFAULT '{}'::text[] NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"results" jsonb,
	"drawn_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_draws_status_known" CHECK ("status" in ('open', 'drawn', 'settled')),
	CONSTRAINT "lottery_draws_cutoff_before_draw" CHECK ("cutoff_at" <= "draw_time")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draws_game_time_uq" ON "lottery_draws" USING btree ("game_code","draw_time");
--> statement-breakpoint
CREATE INDEX "lottery_draws_status_idx" ON "lottery_draws" USING btree ("status","draw_time");
--> statement-breakpoint
CREATE TABLE "lottery_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"draw_id" text NOT NULL REFERENCES "lottery_draws"("id"),
	"request_id" text NOT NULL,
	"prize_mode" text NOT NULL,
	"trial" boolean NOT NULL,
	"bets" jsonb NOT NULL,
	"odds" jsonb NOT NULL,
	"cost" bigint NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "lottery_tickets_status_known" CHECK ("status" in ('open', 'settled', 'cancelled')),
	CONSTRAINT "lottery_tickets_money" CHECK ("cost" > 0 AND "payout" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_tickets_request_uq" ON "lottery_tickets" USING btree ("member_id","request_id");
--> statement-breakpoint
CREATE INDEX "lottery_tickets_draw_idx" ON "lottery_tickets" USING btree ("draw_id","status","id");
--> statement-breakpoint
CREATE INDEX "lottery_tickets_member_idx" ON "lottery_tickets" USING btree ("member_id","created_at");
--> statement-breakpoint
CREATE TABLE "lottery_exposure" (
	"draw_id" text NOT NULL,
	"bet_type" text NOT NULL,
	"number" text NOT NULL,
	"stake" bigint NOT NULL,
	CONSTRAINT "lottery_exposure_pk" PRIMARY KEY ("draw_id","bet_type","number")
);
--> statement-breakpoint
CREATE TABLE "lottery_odds" (
	"prize_mode" text NOT NULL,
	"bet_type" text NOT NULL,
	"odds" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_odds_pk" PRIMARY KEY ("prize_mode","bet_type")
);
