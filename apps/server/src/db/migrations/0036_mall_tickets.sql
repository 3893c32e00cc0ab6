-- Issue 14: the points mall sells reward tickets (prize wheel, red envelope, golden egg), issued when the
-- redemption is approved. The redemption keeps what it bought, so a later product edit changes nothing.
ALTER TABLE "points_products" ADD COLUMN "ticket_kind" text;
--> statement-breakpoint
ALTER TABLE "points_products" ADD COLUMN "ticket_count" integer;
--> statement-breakpoint
ALTER TABLE "points_products" DROP CONSTRAINT "points_products_kind_known";
--> statement-breakpoint
ALTER TABLE "points_products" ADD CONSTRAINT "points_products_kind_known" CHECK ("kind" in ('cash', 'physical', 'ticket'));
--> statement-breakpoint
ALTER TABLE "points_products" ADD CONSTRAINT "points_products_ticket_shape" CHECK ("kind" <> 'ticket' OR ("ticket_kind" in ('WHEEL', 'ENVELOPE', 'EGG') AND "ticket_count" BETWEEN 1 AND 50));
--> statement-breakpoint
ALTER TABLE "points_redemptions" ADD COLUMN "ticket_kind" text;
--> statement-breakpoint
ALTER TABLE "points_redemptions" ADD COLUMN "ticket_count" integer;
