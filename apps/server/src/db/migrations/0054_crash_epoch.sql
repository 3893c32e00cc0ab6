-- Crash on two or more instances (issue 28).
--
-- epoch: the leader epoch that last wrote the round. Each time an instance becomes the crash
-- leader it draws a new epoch from crash_leader_epoch; it first stamps the newest round with it
-- (claiming it), and every later write of a round says `WHERE epoch = <mine>`. A leader that lost
-- its lock without noticing (a dropped connection, a network partition) finds its write refused
-- and steps down, instead of running rounds beside the new leader.
ALTER TABLE "crash_rounds" ADD COLUMN "epoch" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
CREATE SEQUENCE "crash_leader_epoch";
--> statement-breakpoint
-- voided_at: the round was interrupted (a restart or a change of leader before it crashed): it is
-- closed as crashed with its hash revealed, and the bets still open in it were refunded.
ALTER TABLE "crash_rounds" ADD COLUMN "voided_at" timestamptz;
--> statement-breakpoint
ALTER TABLE "crash_bets" DROP CONSTRAINT "crash_bets_status_check";
--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_status_check" CHECK ("status" in ('open', 'won', 'lost', 'void'));
--> statement-breakpoint
-- A cash-out that names only its slot finds the member's open bet in it, whatever round this
-- instance believes is current.
CREATE INDEX "crash_bets_member_open_idx" ON "crash_bets" ("member_id", "slot") WHERE "status" = 'open';
