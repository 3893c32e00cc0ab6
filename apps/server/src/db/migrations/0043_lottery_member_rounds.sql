-- Issue 15: a lottery round in the bets record is a member's play in one draw (one row per member
-- per draw, settle.ts), so settlement walks a draw's tickets member by member: (draw_id,
-- member_id, id) keeps each member's tickets together in the keyset. It replaces (draw_id, id),
-- which every other reader used only for its draw_id prefix, so placing a ticket still writes the
-- same number of index entries.
DROP INDEX IF EXISTS "lottery_tickets_draw_idx";
--> statement-breakpoint
CREATE INDEX "lottery_tickets_draw_idx" ON "lottery_tickets" USING btree ("draw_id","member_id","id");
