-- Issue 14, more kinds: reload bonus, cashback on net loss, VIP monthly bonuses, promotion images.
-- Every kind so far, with 0031's tickets (this migration replaces the whole check).
ALTER TABLE "promotions" DROP CONSTRAINT "promotions_kind_known";
--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_kind_known" CHECK ("kind" in ('deposit_bonus', 'reload', 'cashback', 'free_bonus', 'apply', 'tickets'));
--> statement-breakpoint
-- A content image (the content module's pipeline: checked, re-encoded, WebP/AVIF widths).
ALTER TABLE "promotions" ADD COLUMN "image_id" text;
--> statement-breakpoint
-- cashback: the loss period; reload: the period its claim limit counts in.
ALTER TABLE "promotions" ADD COLUMN "period" text;
--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "claim_limit" integer;
--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "min_loss" bigint;
--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "auto_credit" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_period_known" CHECK ("period" IS NULL OR "period" in ('day', 'week'));
--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_reload_shape" CHECK ("kind" <> 'reload' OR (coalesce("deposit_nth", 0) BETWEEN 0 AND 100 AND "percent" BETWEEN 1 AND 1000 AND "cap" > 0 AND coalesce("claim_limit", 1) BETWEEN 1 AND 100));
--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_cashback_shape" CHECK ("kind" <> 'cashback' OR ("period" IS NOT NULL AND "percent" BETWEEN 1 AND 100 AND "cap" > 0 AND coalesce("min_loss", 0) >= 0));
--> statement-breakpoint
-- One cashback per (promotion, member, period): the unique key is what makes a second job run pay nothing.
CREATE TABLE "promotion_cashbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL REFERENCES "promotions"("id"),
	"member_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"valid_stake" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"net_loss" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "promotion_cashbacks_status_known" CHECK ("status" in ('claim', 'issued')),
	CONSTRAINT "promotion_cashbacks_money" CHECK ("amount" > 0 AND "net_loss" > 0 AND "amount" <= "net_loss")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_cashbacks_uq" ON "promotion_cashbacks" USING btree ("promotion_id","member_id","period_start");
--> statement-breakpoint
CREATE INDEX "promotion_cashbacks_member_idx" ON "promotion_cashbacks" USING btree ("member_id","status");
--> statement-breakpoint
ALTER TABLE "vip_levels" ADD COLUMN "monthly_bonus" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "vip_levels" ADD CONSTRAINT "vip_levels_monthly_bonus" CHECK ("monthly_bonus" >= 0);
--> statement-breakpoint
-- One monthly bonus per (member, month): the primary key and the ledger key both guard it.
CREATE TABLE "vip_monthly_awards" (
	"member_id" integer NOT NULL,
	"month" text NOT NULL,
	"level" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_monthly_awards_pk" PRIMARY KEY("member_id","month"),
	CONSTRAINT "vip_monthly_awards_money" CHECK ("amount" > 0)
);
