-- Agent pay (issue 26).
--
-- own_play: whether the holder's own bets count toward its own salary or dividend. A team is the
-- holder and everyone below it; its own play counts for its upline (it is in the upline's team)
-- and for itself only when the contract says so. Off for every contract written so far.
ALTER TABLE "agent_contracts" ADD COLUMN "own_play" boolean NOT NULL DEFAULT false;
--> statement-breakpoint
-- remainder: what a real-time salary period left below the paisa, in ten-thousandths of a paisa
-- (valid bet × rate in basis points, modulo 10,000), carried into the next period between the
-- same upline and downline, so the periods together pay the floor of their total.
ALTER TABLE "agent_payouts" ADD COLUMN "remainder" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "agent_payouts" ADD CONSTRAINT "agent_payouts_remainder_range" CHECK ("remainder" >= 0 AND "remainder" < 10000);
