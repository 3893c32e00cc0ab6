-- Crash (issue 11): a pre-committed hash chain, shared rounds, and each player's bets in a round.
CREATE TABLE "crash_chains" (
  "id" serial PRIMARY KEY,
  "seed" text NOT NULL,
  "terminating_hash" text NOT NULL,
  "length" integer NOT NULL CHECK ("length" > 0),
  "salt" text,
  "active" boolean NOT NULL DEFAULT true,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "crash_chains_active_uq" ON "crash_chains" ("active") WHERE "active";
--> statement-breakpoint
CREATE TABLE "crash_rounds" (
  "id" serial PRIMARY KEY,
  "chain_id" integer NOT NULL REFERENCES "crash_chains"("id"),
  "round_no" integer NOT NULL,
  "hash" text NOT NULL,
  "point" integer NOT NULL CHECK ("point" >= 100),
  "status" text NOT NULL CHECK ("status" in ('betting', 'running', 'crashed')),
  "starts_at" timestamptz NOT NULL,
  "crashed_at" timestamptz,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "crash_rounds_chain_no_uq" ON "crash_rounds" ("chain_id", "round_no");
--> statement-breakpoint
CREATE TABLE "crash_bets" (
  "id" bigserial PRIMARY KEY,
  "round_id" integer NOT NULL REFERENCES "crash_rounds"("id"),
  "member_id" integer NOT NULL,
  "slot" smallint NOT NULL CHECK ("slot" in (0, 1)),
  "request_id" text NOT NULL,
  "trial" boolean NOT NULL,
  "amount" bigint NOT NULL CHECK ("amount" > 0),
  "auto_cashout" integer CHECK ("auto_cashout" >= 101),
  "cashout" integer,
  "payout" bigint NOT NULL DEFAULT 0 CHECK ("payout" >= 0),
  "status" text NOT NULL DEFAULT 'open' CHECK ("status" in ('open', 'won', 'lost')),
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "settled_at" timestamptz
);
--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_slot_uq" ON "crash_bets" ("round_id", "member_id", "slot");
--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_request_uq" ON "crash_bets" ("member_id", "request_id");
--> statement-breakpoint
CREATE INDEX "crash_bets_open_idx" ON "crash_bets" ("round_id") WHERE "status" = 'open';
