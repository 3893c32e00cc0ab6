-- Issue 15: a lottery round in the bets record is a member's play in one draw (one row per member
-- per draw, settle.ts), so settlement walks a draw's tickets member by member: (draw_id,
-- member_id, id) keeps each member's tickets together in the keyset. It replaces (draw_id, id),
-- which every other reader used only for its draw_id prefix, so placing a ticket still writes the
-- same number of index entries.
DROP INDEX IF EXISTS "lottery_tickets_draw_idx";
--> statement-breakpoint
CREATE INDEX "lottery_tickets_draw_idx" ON "lottery_tickets" USING btree ("draw_id","member_id","id");
--> statement-breakpoint
-- Settled-through cursor per draw (settle.ts): every open ticket of the draw at or before
-- (settled_member, settled_ticket) in (member_id, id) order is settled; only winners are rewritten.
ALTER TABLE "lottery_draws" ADD COLUMN "settled_member" integer;
--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD COLUMN "settled_ticket" text;
--> statement-breakpoint
-- Each ticket's state as the API answers it (ticket-view.ts uses the same rule), for operators
-- and tests reading the database: a loser past its draw's cursor is 'settled', payout 0.
CREATE VIEW "lottery_ticket_states" AS
SELECT t."id", t."draw_id", t."member_id", t."trial", t."cost", t."commission", t."payout",
       CASE WHEN t."status" = 'open' AND d."settled_ticket" IS NOT NULL
                 AND (t."member_id", t."id") <= (d."settled_member", d."settled_ticket")
            THEN 'settled' ELSE t."status" END AS "status"
FROM "lottery_tickets" t JOIN "lottery_draws" d ON d."id" = t."draw_id";
