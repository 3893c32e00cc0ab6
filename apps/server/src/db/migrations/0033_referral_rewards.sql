-- Issue 14: refer-and-earn rewards (paid once per referred player), affiliate applications.
CREATE TABLE "referral_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"min_deposit" bigint NOT NULL,
	"min_turnover" bigint NOT NULL,
	"within_days" integer NOT NULL,
	"reward_kind" text NOT NULL,
	"reward" bigint NOT NULL,
	"wagering_multiplier" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_settings_one_row" CHECK ("id" = 1),
	CONSTRAINT "referral_settings_kind_known" CHECK ("reward_kind" in ('cash', 'bonus')),
	CONSTRAINT "referral_settings_money" CHECK ("min_deposit" >= 0 AND "min_turnover" >= 0 AND "reward" > 0),
	CONSTRAINT "referral_settings_days" CHECK ("within_days" BETWEEN 1 AND 365),
	CONSTRAINT "referral_settings_wagering" CHECK ("wagering_multiplier" BETWEEN 0 AND 100)
);
--> statement-breakpoint
-- Defaults: first deposit 500.00 and turnover 1,000.00 within 30 days pays the referrer 100.00 cash.
INSERT INTO "referral_settings" ("id", "enabled", "min_deposit", "min_turnover", "within_days", "reward_kind", "reward")
VALUES (1, true, 50000, 100000, 30, 'cash', 10000);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"referred_id" integer NOT NULL,
	"referrer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_rewards_amount" CHECK ("amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_referred_uq" ON "referral_rewards" USING btree ("referred_id");
--> statement-breakpoint
CREATE INDEX "referral_rewards_referrer_idx" ON "referral_rewards" USING btree ("referrer_id");
--> statement-breakpoint
CREATE TABLE "affiliate_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"contact" text NOT NULL,
	"channel" text NOT NULL,
	"expected_players" integer NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_applications_status_known" CHECK ("status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_applications_one_open" ON "affiliate_applications" USING btree ("member_id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "affiliate_applications_status_idx" ON "affiliate_applications" USING btree ("status","created_at");
