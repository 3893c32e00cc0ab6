-- Free spins granted through an aggregator's Freebets API (issue 29, modules/aggregator).
-- A reward is created at Hub88 (POST /operator/generic/v2/freebet/rewards/create) for one player,
-- one game, bet_count rounds of bet_value each, under one of our promotions, whose terms say how
-- its wins are paid (a bonus with wagering, or cash). The free rounds arrive through the Wallet API
-- carrying the reward's reward_uuid; each is recorded once per transaction_uuid, and its win is
-- paid through the promotions' bonus engine (the ledger posting happens there, once per win).
CREATE TABLE "aggregator_rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"operator_reference" text NOT NULL,
	"reward_uuid" text,
	"member_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"currency" text NOT NULL,
	"prepaid_uuid" text NOT NULL,
	"bet_value" bigint NOT NULL,
	"bet_count" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"granted_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aggregator_rewards_reference_uq" UNIQUE("provider","operator_reference")
);--> statement-breakpoint
CREATE UNIQUE INDEX "aggregator_rewards_uuid_uq" ON "aggregator_rewards" USING btree ("provider","reward_uuid");--> statement-breakpoint
CREATE INDEX "aggregator_rewards_member_idx" ON "aggregator_rewards" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE TABLE "aggregator_free_rounds" (
	"provider" text NOT NULL,
	"transaction_uuid" text NOT NULL,
	"reward_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"round" text NOT NULL,
	"game_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aggregator_free_rounds_pk" PRIMARY KEY("provider","transaction_uuid")
);--> statement-breakpoint
CREATE INDEX "aggregator_free_rounds_reward_idx" ON "aggregator_free_rounds" USING btree ("reward_id");
