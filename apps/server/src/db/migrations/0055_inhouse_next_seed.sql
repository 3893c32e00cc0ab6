-- The next server seed is committed before the player's next client seed is accepted (issue 28):
-- the active pair carries the server seed its successor will use, shown to the player as its hash
-- (GET /wps/inhouse/seeds nextServerSeedHash). A rotation promotes it and draws a fresh next one,
-- so the server seed of a pair was fixed before its client seed existed and cannot be ground
-- against it. Existing pairs get theirs on first read.
ALTER TABLE "inhouse_seeds" ADD COLUMN "next_server_seed" text;--> statement-breakpoint
ALTER TABLE "inhouse_seeds" ADD COLUMN "next_server_seed_hash" text;
