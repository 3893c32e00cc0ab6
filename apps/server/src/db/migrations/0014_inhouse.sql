CREATE TABLE "inhouse_seeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_seeds_active_uq" ON "inhouse_seeds" USING btree ("member_id") WHERE "inhouse_seeds"."active";
--> statement-breakpoint
CREATE INDEX "inhouse_seeds_member_idx" ON "inhouse_seeds" USING btree ("member_id","id");
--> statement-breakpoint
CREATE TABLE "inhouse_rounds" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"game" text NOT NULL,
	"request_id" text NOT NULL,
	"trial" boolean NOT NULL,
	"seed_id" bigint NOT NULL,
	"nonce" integer NOT NULL,
	"bet" jsonb NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"action_request_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"state" jsonb NOT NULL,
	"status" text NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"capped" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "inhouse_rounds_status_known" CHECK ("status" in ('open', 'settled')),
	CONSTRAINT "inhouse_rounds_money" CHECK ("stake" > 0 AND "payout" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_rounds_request_uq" ON "inhouse_rounds" USING btree ("member_id","request_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "inhouse_rounds_open_uq" ON "inhouse_rounds" USING btree ("member_id","game") WHERE "inhouse_rounds"."status" = 'open';
--> statement-breakpoint
CREATE INDEX "inhouse_rounds_member_idx" ON "inhouse_rounds" USING btree ("member_id","created_at");
--> statement-breakpoint
CREATE INDEX "inhouse_rounds_game_idx" ON "inhouse_rounds" USING btree ("game","created_at");
--> statement-breakpoint
CREATE TABLE "inhouse_settings" (
	"game" text PRIMARY KEY NOT NULL,
	"min_bet" bigint NOT NULL,
	"max_bet" bigint NOT NULL,
	"max_payout" bigint NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "inhouse_settings_limits" CHECK ("min_bet" > 0 AND "max_bet" >= "min_bet" AND "max_payout" > 0)
);
