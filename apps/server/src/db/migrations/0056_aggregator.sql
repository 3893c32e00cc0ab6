-- Game aggregators (issue 29, modules/aggregator). The money itself goes through the seamless
-- wallet (seamless_transactions, seamless_rounds, the ledger and the bets record); these tables
-- hold only what the aggregator protocol adds on top: the game-session tokens we hand out at
-- launch, and the answers already given per request_uuid (a duplicate request gets the same one).
CREATE TABLE "aggregator_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"member_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "aggregator_sessions_member_idx" ON "aggregator_sessions" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE TABLE "aggregator_requests" (
	"provider" text NOT NULL,
	"request_uuid" text NOT NULL,
	"endpoint" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aggregator_requests_pk" PRIMARY KEY("provider","request_uuid")
);
