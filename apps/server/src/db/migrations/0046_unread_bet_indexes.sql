-- Two indexes every seamless bet wrote and nothing reads (issue 10: fewer writes per bet).
-- seamless_transactions are read by (vendor, tx_id) (replays, rollbacks) and by (vendor, round_id)
-- (the operator's rounds search); seamless_rounds by (vendor, round_id, member_id) (the apply
-- functions) and by id (the bets trigger). A member's history is read from `bets` and the
-- ledger, which keep their own member indexes. Each of the two was one more btree insert per bet
-- and per round, out of about 23 index entries a bet writes.
DROP INDEX IF EXISTS seamless_transactions_member_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS seamless_rounds_member_idx;
