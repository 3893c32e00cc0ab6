-- Issue 14: reward tickets (prize wheel, red envelope, golden egg): the operator's prize tables,
-- the tickets issued to members, and promotions of kind tickets.
CREATE TABLE "ticket_prize_tables" (
	"kind" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"prizes" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "ticket_prize_tables_kind_known" CHECK ("kind" in ('WHEEL', 'ENVELOPE', 'EGG'))
);
--> statement-breakpoint
CREATE TABLE "reward_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"source_key" text NOT NULL,
	"promotion_id" integer,
	"title" text NOT NULL,
	"prizes" jsonb NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"seed_id" bigint,
	"nonce" integer,
	"float" double precision,
	"prize_index" integer,
	"issued_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	CONSTRAINT "reward_tickets_kind_known" CHECK ("kind" in ('WHEEL', 'ENVELOPE', 'EGG')),
	CONSTRAINT "reward_tickets_status_known" CHECK ("status" in ('issued', 'opened')),
	CONSTRAINT "reward_tickets_opened_has_draw" CHECK ("status" = 'issued' OR ("seed_id" IS NOT NULL AND "nonce" IS NOT NULL AND "prize_index" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reward_tickets_source_uq" ON "reward_tickets" USING btree ("source_key");
--> statement-breakpoint
CREATE INDEX "reward_tickets_member_idx" ON "reward_tickets" USING btree ("member_id","status","id");
--> statement-breakpoint
CREATE INDEX "reward_tickets_kind_idx" ON "reward_tickets" USING btree ("kind","id");
--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "ticket_kind" text;
--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "ticket_count" integer;
--> statement-breakpoint
ALTER TABLE "promotions" DROP CONSTRAINT "promotions_kind_known";
--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_kind_known" CHECK ("kind" in ('deposit_bonus', 'free_bonus', 'apply', 'tickets'));
--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_tickets_shape" CHECK (("ticket_kind" IS NULL OR "ticket_kind" in ('WHEEL', 'ENVELOPE', 'EGG')) AND ("ticket_count" IS NULL OR "ticket_count" BETWEEN 1 AND 50));
--> statement-breakpoint
ALTER TABLE "points_entries" DROP CONSTRAINT "points_entries_reason_known";
--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_reason_known" CHECK ("reason" in ('bets', 'redeem', 'refund', 'ticket'));
