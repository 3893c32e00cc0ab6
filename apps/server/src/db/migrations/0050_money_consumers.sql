-- A cashback is a share of the money a member lost: stake − payout. It read valid_stake − payout,
-- which was the same while valid stake was the stake; since the eligibility policy (issue 26,
-- db/functions/bets_valid_stake.sql) a won line's valid stake is its winnings, so the column keeps
-- what the loss is computed from.
ALTER TABLE "promotion_cashbacks" RENAME COLUMN "valid_stake" TO "stake";
--> statement-breakpoint
-- Each consumer of the bets record publishes how far it has consumed in time (bets/consumers.ts):
-- every bet settled before consumed_through has been handed to it. Expiry, forfeits and period
-- closes judge a moment only once the consumer's watermark has passed it.
ALTER TABLE "bet_consumers" ADD COLUMN "consumed_through" timestamp with time zone;
