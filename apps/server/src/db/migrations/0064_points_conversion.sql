-- Points to cash (SPEC §7 Points: "convert points (password-checked)"). Off until the operator sets a
-- rate: points are earned from valid stake, and what a point is worth in cash is a promotion cost the
-- operator decides (and can stop by clearing it). A minimum per conversion keeps dust conversions out
-- of the ledger. Each conversion is one row, keyed by the member's request id so a retried request
-- converts once; its points entry and its ledger posting name it.
ALTER TABLE "points_settings" ADD COLUMN "convert_paisa_per_point" bigint;--> statement-breakpoint
ALTER TABLE "points_settings" ADD COLUMN "convert_min_points" bigint DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "points_settings" ADD CONSTRAINT "points_convert_rate_positive" CHECK ("convert_paisa_per_point" IS NULL OR "convert_paisa_per_point" > 0);--> statement-breakpoint
ALTER TABLE "points_settings" ADD CONSTRAINT "points_convert_min_positive" CHECK ("convert_min_points" > 0);--> statement-breakpoint
CREATE TABLE "points_conversions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"points" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"paisa_per_point" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_conversions_positive" CHECK ("points" > 0 AND "amount" > 0 AND "amount" = "points" * "paisa_per_point")
);--> statement-breakpoint
CREATE UNIQUE INDEX "points_conversions_request" ON "points_conversions" ("member_id","request_id");--> statement-breakpoint
ALTER TABLE "points_entries" DROP CONSTRAINT "points_entries_reason_known";--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_reason_known" CHECK ("reason" in ('bets', 'redeem', 'refund', 'ticket', 'convert'));
