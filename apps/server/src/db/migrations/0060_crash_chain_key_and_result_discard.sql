-- Crash chain (issue 28): the chain's seed leaves the database. A chain stores a random nonce; its
-- seed is HMAC-SHA256(CRASH_CHAIN_KEY, 'crash-chain:' || nonce), the key held outside the database
-- (environment or key file), so a copy or replica of the database tells nobody a future point.
-- Each chain also names, when it is committed, the public salt it will use: a drand beacon round a
-- few minutes ahead (its URL, beacon chain hash, round and due time); the salt and the beacon's
-- signature are written once the round is out, and the chain's rounds wait for it.
ALTER TABLE "crash_chains" ADD COLUMN "nonce" text;--> statement-breakpoint
ALTER TABLE "crash_chains" ADD COLUMN "salt_beacon_url" text;--> statement-breakpoint
ALTER TABLE "crash_chains" ADD COLUMN "salt_beacon_chain" text;--> statement-breakpoint
ALTER TABLE "crash_chains" ADD COLUMN "salt_round" bigint;--> statement-breakpoint
ALTER TABLE "crash_chains" ADD COLUMN "salt_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crash_chains" ADD COLUMN "salt_signature" text;--> statement-breakpoint
-- Chains made before: their seed stood in the database (and they had no salt), so every one still
-- active is retired; the next round opens a new chain under the key. Their played rounds keep their
-- proofs (a revealed hash chains to the published terminating hash without the seed), and the seed
-- column goes with them.
UPDATE "crash_chains" SET "active" = false WHERE "active";--> statement-breakpoint
ALTER TABLE "crash_chains" DROP COLUMN "seed";--> statement-breakpoint
ALTER TABLE "crash_chains" ADD CONSTRAINT "crash_chains_keyed" CHECK (NOT "active" OR ("nonce" IS NOT NULL AND "salt_round" IS NOT NULL));--> statement-breakpoint
-- Lottery official results (issue 28): a wrong result (the feed's or an operator's entry) is thrown
-- out before its draw settles on four eyes: one operator proposes the discard with a reason, a
-- second approves it. A discarded entry stays, marked, for the record; the feed does not bring the
-- same result back (a different one from the feed is a new entry).
ALTER TABLE "lottery_official_results" ADD COLUMN "discard_reason" text;--> statement-breakpoint
ALTER TABLE "lottery_official_results" ADD COLUMN "discard_proposed_by_id" integer;--> statement-breakpoint
ALTER TABLE "lottery_official_results" ADD COLUMN "discard_proposed_by_account" text;--> statement-breakpoint
ALTER TABLE "lottery_official_results" ADD COLUMN "discard_proposed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lottery_official_results" ADD COLUMN "discarded_by_id" integer;--> statement-breakpoint
ALTER TABLE "lottery_official_results" ADD COLUMN "discarded_by_account" text;--> statement-breakpoint
ALTER TABLE "lottery_official_results" ADD COLUMN "discarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lottery_official_results" ADD CONSTRAINT "lottery_official_results_discard_four_eyes" CHECK ("discarded_by_id" IS NULL OR ("discard_proposed_by_id" IS NOT NULL AND "discarded_by_id" IS DISTINCT FROM "discard_proposed_by_id"));
