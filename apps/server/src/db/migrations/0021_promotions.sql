-- Issue 14: platform messages, promotions with bonus wagering on the ledger.
CREATE TABLE "member_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "member_messages_member_idx" ON "member_messages" USING btree ("member_id","id");
--> statement-breakpoint
CREATE INDEX "member_messages_unread_idx" ON "member_messages" USING btree ("member_id") WHERE "read_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "message_broadcasts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"audience" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_by_account" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_broadcasts_audience_known" CHECK ("audience" in ('all', 'players', 'agents'))
);
--> statement-breakpoint
CREATE TABLE "message_broadcast_reads" (
	"broadcast_id" bigint NOT NULL,
	"member_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_broadcast_reads_pk" PRIMARY KEY("broadcast_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"category" text NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"image_url" text,
	"kind" text NOT NULL,
	"audience" text DEFAULT 'all' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"deposit_nth" integer,
	"percent" integer,
	"cap" bigint,
	"min_deposit" bigint,
	"bonus_amount" bigint,
	"wagering_multiplier" integer DEFAULT 0 NOT NULL,
	"expiry_days" integer DEFAULT 7 NOT NULL,
	"contributions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_kind_known" CHECK ("kind" in ('deposit_bonus', 'free_bonus', 'apply')),
	CONSTRAINT "promotions_audience_known" CHECK ("audience" in ('all', 'new_players', 'players', 'agents')),
	CONSTRAINT "promotions_deposit_shape" CHECK ("kind" <> 'deposit_bonus' OR ("deposit_nth" BETWEEN 1 AND 5 AND "percent" BETWEEN 1 AND 1000 AND "cap" > 0)),
	CONSTRAINT "promotions_money" CHECK (coalesce("cap", 0) >= 0 AND coalesce("min_deposit", 0) >= 0 AND coalesce("bonus_amount", 0) >= 0 AND "wagering_multiplier" BETWEEN 0 AND 100 AND "expiry_days" BETWEEN 1 AND 365)
);
--> statement-breakpoint
CREATE TABLE "promotion_participations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL REFERENCES "promotions"("id"),
	"member_id" integer NOT NULL,
	"status" text NOT NULL,
	"remark" text,
	"review_note" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_participations_status_known" CHECK ("status" in ('joined', 'applying', 'rejected', 'claim', 'process', 'issued', 'closed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_participations_uq" ON "promotion_participations" USING btree ("promotion_id","member_id");
--> statement-breakpoint
CREATE INDEX "promotion_participations_member_idx" ON "promotion_participations" USING btree ("member_id");
--> statement-breakpoint
CREATE INDEX "promotion_participations_queue_idx" ON "promotion_participations" USING btree ("status","id");
--> statement-breakpoint
CREATE TABLE "promotion_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"participation_id" bigint NOT NULL REFERENCES "promotion_participations"("id"),
	"member_id" integer NOT NULL,
	"mime" text NOT NULL,
	"data" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "promotion_images_participation_idx" ON "promotion_images" USING btree ("participation_id");
--> statement-breakpoint
CREATE TABLE "bonus_grants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"promotion_id" integer NOT NULL REFERENCES "promotions"("id"),
	"source_key" text NOT NULL,
	"amount" bigint NOT NULL,
	"wagering_required" bigint NOT NULL,
	"wagered" bigint DEFAULT 0 NOT NULL,
	"contributions" jsonb NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "bonus_grants_status_known" CHECK ("status" in ('active', 'converted', 'forfeited')),
	CONSTRAINT "bonus_grants_money" CHECK ("amount" > 0 AND "wagering_required" >= 0 AND "wagered" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_grants_source_uq" ON "bonus_grants" USING btree ("source_key");
--> statement-breakpoint
CREATE INDEX "bonus_grants_member_idx" ON "bonus_grants" USING btree ("member_id","id");
--> statement-breakpoint
CREATE INDEX "bonus_grants_active_idx" ON "bonus_grants" USING btree ("member_id","id") WHERE "status" = 'active';
--> statement-breakpoint
CREATE TABLE "points_accounts" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"earned" bigint DEFAULT 0 NOT NULL,
	"remainder" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_accounts_balance_nonnegative" CHECK ("balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"delta" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"reason" text NOT NULL,
	"ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_entries_reason_known" CHECK ("reason" in ('bets', 'redeem', 'refund'))
);
--> statement-breakpoint
CREATE INDEX "points_entries_member_idx" ON "points_entries" USING btree ("member_id","id");
--> statement-breakpoint
CREATE TABLE "points_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"paisa_per_point" bigint DEFAULT 10000 NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	CONSTRAINT "points_settings_one_row" CHECK ("id" = 1),
	CONSTRAINT "points_settings_ratio" CHECK ("paisa_per_point" BETWEEN 1 AND 100000000)
);
--> statement-breakpoint
INSERT INTO "points_settings" ("id") VALUES (1);
--> statement-breakpoint
CREATE TABLE "points_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"points" bigint NOT NULL,
	"cash_value" bigint,
	"stock" integer,
	"image_url" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_products_kind_known" CHECK ("kind" in ('cash', 'physical')),
	CONSTRAINT "points_products_shape" CHECK ("points" > 0 AND ("kind" <> 'cash' OR "cash_value" > 0) AND coalesce("stock", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"product_id" integer NOT NULL REFERENCES "points_products"("id"),
	"product_name" text NOT NULL,
	"points" bigint NOT NULL,
	"cash_value" bigint,
	"address" text,
	"status" text NOT NULL,
	"review_note" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_redemptions_status_known" CHECK ("status" in ('process', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE INDEX "points_redemptions_member_idx" ON "points_redemptions" USING btree ("member_id","id");
--> statement-breakpoint
CREATE INDEX "points_redemptions_queue_idx" ON "points_redemptions" USING btree ("status","id");
--> statement-breakpoint
CREATE TABLE "rebate_rates" (
	"game_type" text PRIMARY KEY NOT NULL,
	"rate_bp" integer NOT NULL,
	CONSTRAINT "rebate_rates_range" CHECK ("rate_bp" BETWEEN 0 AND 500)
);
--> statement-breakpoint
CREATE TABLE "rebate_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"period" text NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"valid_stake" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rebate_claims_money" CHECK ("amount" > 0 AND "valid_stake" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rebate_claims_period_uq" ON "rebate_claims" USING btree ("member_id","period");
--> statement-breakpoint
CREATE INDEX "rebate_claims_member_idx" ON "rebate_claims" USING btree ("member_id","to_at");
