-- Functions and their triggers once defined here now live in src/db/functions/ (bets_from_seamless_round, member_upline_path, wps_refuse_change):
-- one current definition each, applied by db/migrate.ts after the migrations.
-- Games catalogue (module games) and the one record of every settled bet (module bets, DESIGN §7).
CREATE TABLE "game_vendors" (
	"code" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_ne" text NOT NULL,
	"categories" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"launch_url_template" text NOT NULL,
	"wallet_vendor" text,
	"mark_text" text NOT NULL,
	"mark_color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_vendors_code_format" CHECK ("code" ~ '^[A-Z0-9_]{1,32}$')
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"node_id" text NOT NULL,
	"vendor" text NOT NULL REFERENCES "game_vendors"("code"),
	"game_type" text NOT NULL,
	"game_code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ne" text NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"support_play" smallint DEFAULT 1 NOT NULL,
	"is_game" text DEFAULT 'GAME' NOT NULL,
	"game_class" text DEFAULT 'others' NOT NULL,
	"rtp" numeric(5, 2),
	"min_bet" bigint,
	"max_bet" bigint,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_is_game_known" CHECK ("is_game" in ('GAME', 'VASSALAGE')),
	CONSTRAINT "games_support_play_known" CHECK ("support_play" in (0, 1))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "games_node_id_unique" ON "games" USING btree ("node_id");--> statement-breakpoint
CREATE UNIQUE INDEX "games_vendor_code_unique" ON "games" USING btree ("vendor","game_code");--> statement-breakpoint
CREATE INDEX "games_type_idx" ON "games" USING btree ("game_type","sort");--> statement-breakpoint
CREATE INDEX "games_code_idx" ON "games" USING btree ("game_code");--> statement-breakpoint
CREATE TABLE "game_favorites" (
	"member_id" integer NOT NULL,
	"game_id" integer NOT NULL REFERENCES "games"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_favorites_pk" PRIMARY KEY("member_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_recent" (
	"member_id" integer NOT NULL,
	"game_id" integer NOT NULL REFERENCES "games"("id") ON DELETE CASCADE,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_recent_pk" PRIMARY KEY("member_id","game_id")
);
--> statement-breakpoint
CREATE INDEX "game_recent_member_idx" ON "game_recent" USING btree ("member_id","played_at");--> statement-breakpoint
CREATE TABLE "game_launch_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"game_id" integer NOT NULL REFERENCES "games"("id") ON DELETE CASCADE,
	"vendor" text NOT NULL,
	"trial" boolean NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "game_launch_tokens_expires_idx" ON "game_launch_tokens" USING btree ("expires_at");--> statement-breakpoint
-- One row per change of a settled bet, never updated or deleted. A round's figures are the SUM of
-- its rows: a rollback appends a negative row rather than editing the first, so every sum over any
-- period stays right and consumers can follow the table by id. tx_xid (the writing transaction)
-- lets a consumer's high-water mark skip nothing when transactions commit out of id order.
CREATE TABLE "bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tx_xid" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	"member_id" integer NOT NULL,
	"upline_path" integer[] NOT NULL,
	"source" text NOT NULL,
	"vendor" text NOT NULL,
	"game_code" text,
	"game_type" text NOT NULL,
	"round_id" text NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"valid_stake" bigint NOT NULL,
	"status" text NOT NULL,
	"trial" boolean DEFAULT false NOT NULL,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bets_source_known" CHECK ("source" in ('seamless', 'inhouse', 'lottery')),
	CONSTRAINT "bets_status_known" CHECK ("status" in ('settled', 'cancelled', 'rolled_back')),
	CONSTRAINT "bets_trial_not_valid" CHECK (NOT "trial" OR "valid_stake" = 0)
);
--> statement-breakpoint
CREATE INDEX "bets_member_idx" ON "bets" USING btree ("member_id","settled_at");--> statement-breakpoint
CREATE INDEX "bets_round_idx" ON "bets" USING btree ("source","vendor","round_id","member_id");--> statement-breakpoint
CREATE INDEX "bets_settled_idx" ON "bets" USING btree ("settled_at");--> statement-breakpoint
CREATE INDEX "bets_xid_idx" ON "bets" USING btree ("tx_xid","id");--> statement-breakpoint
-- Subtree queries (issue 12): "every bet under agent X" is upline_path @> ARRAY[X].
CREATE INDEX "bets_upline_idx" ON "bets" USING gin ("upline_path");--> statement-breakpoint
CREATE TABLE "bet_consumers" (
	"name" text PRIMARY KEY NOT NULL,
	"last_xid" bigint DEFAULT 0 NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bets_hourly" (
	"period_start" timestamp with time zone NOT NULL,
	"member_id" integer NOT NULL,
	"upline_path" integer[] NOT NULL,
	"source" text NOT NULL,
	"vendor" text NOT NULL,
	"game_type" text NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"valid_stake" bigint NOT NULL,
	"rows" integer NOT NULL,
	CONSTRAINT "bets_hourly_pk" PRIMARY KEY("period_start","member_id","source","vendor","game_type","upline_path")
);
--> statement-breakpoint
CREATE INDEX "bets_hourly_member_idx" ON "bets_hourly" USING btree ("member_id","period_start");--> statement-breakpoint
CREATE INDEX "bets_hourly_upline_idx" ON "bets_hourly" USING gin ("upline_path");--> statement-breakpoint
CREATE TABLE "bets_daily" (
	"period_start" timestamp with time zone NOT NULL,
	"member_id" integer NOT NULL,
	"upline_path" integer[] NOT NULL,
	"source" text NOT NULL,
	"vendor" text NOT NULL,
	"game_type" text NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"valid_stake" bigint NOT NULL,
	"rows" integer NOT NULL,
	CONSTRAINT "bets_daily_pk" PRIMARY KEY("period_start","member_id","source","vendor","game_type","upline_path")
);
--> statement-breakpoint
CREATE INDEX "bets_daily_member_idx" ON "bets_daily" USING btree ("member_id","period_start");--> statement-breakpoint
CREATE INDEX "bets_daily_upline_idx" ON "bets_daily" USING gin ("upline_path");