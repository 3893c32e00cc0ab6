-- The progressive jackpot (issue 31, modules/jackpot). A pool is a ledger account of its own
-- (type `jackpot`, never below zero); every movement of it is one row here AND one ledger
-- transaction with the same key: the initial and re-seeding (house → pool), each eligible bet's
-- share (house → pool, one row per bets-record row, so a re-run adds nothing), a rolled-back bet's
-- take-back (pool → house), and the win (pool → player). So pool balance = Σ entries at all times.
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_type_known";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_type_known" CHECK ("ledger_accounts"."type" in ('player_cash', 'player_bonus', 'player_hold', 'trial', 'agent_commission', 'house', 'trial_house', 'channel_clearing', 'trial_issuance', 'promotion', 'adjustment', 'jackpot'));--> statement-breakpoint
CREATE TABLE "jackpot_pools" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"games" text[] DEFAULT '{}' NOT NULL,
	"share_bps" integer NOT NULL,
	"seed_amount" bigint NOT NULL,
	"cap_amount" bigint,
	"hit_every" bigint NOT NULL,
	"cycle" integer DEFAULT 0 NOT NULL,
	"seeded_cycle" integer DEFAULT -1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jackpot_pools_share" CHECK ("share_bps" between 1 and 1000),
	CONSTRAINT "jackpot_pools_seed" CHECK ("seed_amount" > 0),
	CONSTRAINT "jackpot_pools_cap" CHECK ("cap_amount" is null or "cap_amount" > "seed_amount"),
	CONSTRAINT "jackpot_pools_hit_every" CHECK ("hit_every" > 0)
);--> statement-breakpoint
CREATE TABLE "jackpot_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL REFERENCES "jackpot_pools"("id"),
	"cycle" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"bet_id" bigint,
	"source" text,
	"vendor" text,
	"round_id" text,
	"member_id" integer,
	"game_code" text,
	"stake" bigint,
	"share_bps" integer,
	"ledger_key" text NOT NULL,
	"ledger_tx" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jackpot_entries_kind" CHECK ("kind" in ('seed', 'contribution', 'takeback', 'payout')),
	CONSTRAINT "jackpot_entries_sign" CHECK (("kind" in ('seed', 'contribution') and "amount" >= 0) or ("kind" in ('takeback', 'payout') and "amount" <= 0)),
	CONSTRAINT "jackpot_entries_ledger_key" UNIQUE("ledger_key")
);--> statement-breakpoint
CREATE UNIQUE INDEX "jackpot_entries_bet_uq" ON "jackpot_entries" USING btree ("pool_id","bet_id") WHERE "bet_id" is not null;--> statement-breakpoint
CREATE INDEX "jackpot_entries_round_idx" ON "jackpot_entries" USING btree ("pool_id","source","vendor","round_id","member_id");--> statement-breakpoint
CREATE INDEX "jackpot_entries_pool_idx" ON "jackpot_entries" USING btree ("pool_id","id");--> statement-breakpoint
CREATE TABLE "jackpot_wins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL REFERENCES "jackpot_pools"("id"),
	"cycle" integer NOT NULL,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"bet_id" bigint,
	"round_id" text,
	"game_code" text,
	"seed_id" integer,
	"server_seed_hash" text,
	"client_seed" text,
	"nonce" integer,
	"stake" bigint,
	"hit_every" bigint,
	"forced_by" text,
	"won_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jackpot_wins_cycle_uq" UNIQUE("pool_id","cycle")
);--> statement-breakpoint
CREATE INDEX "jackpot_wins_won_idx" ON "jackpot_wins" USING btree ("won_at");--> statement-breakpoint
-- One pool, off until an operator turns it on (seeding it then, through the ledger): 1% of every
-- in-house HTTP game's stake, seed 1,000.00, one hit per 5,000,000.00 staked on average.
INSERT INTO "jackpot_pools" ("name", "games", "share_bps", "seed_amount", "hit_every")
VALUES ('In-house jackpot', ARRAY['roulette','baccarat','dragon-tiger','sicbo','blackjack','dice','mines','plinko','keno','video-slot','classic-slot'], 100, 100000, 500000000);
