-- Issue 15: settlement writes only the winning tickets (settle.ts). Each draw keeps a
-- settled-through cursor: every open ticket of the draw whose id is at or before it is settled,
-- payout the 0 it was placed with. The chunk that moves it commits with its postings and its
-- lines in the bets record, so the cursor is the exactly-once guarantee.
ALTER TABLE "lottery_draws" ADD COLUMN "settled_ticket" text;
--> statement-breakpoint
-- Each ticket's state as the API answers it (ticket-view.ts uses the same rule), for operators
-- and tests reading the database.
CREATE VIEW "lottery_ticket_states" AS
SELECT t."id", t."draw_id", t."member_id", t."trial", t."cost", t."commission", t."payout",
       CASE WHEN t."status" = 'open' AND d."settled_ticket" IS NOT NULL AND t."id" <= d."settled_ticket"
            THEN 'settled' ELSE t."status" END AS "status"
FROM "lottery_tickets" t JOIN "lottery_draws" d ON d."id" = t."draw_id";
