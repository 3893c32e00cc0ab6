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
CREATE TRIGGER bets_append_only BEFORE UPDATE OR DELETE ON bets
  FOR EACH ROW EXECUTE FUNCTION wps_refuse_change();
--> statement-breakpoint
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
CREATE INDEX "bets_daily_upline_idx" ON "bets_daily" USING gin ("upline_path");--> statement-breakpoint
-- The member's uplines, root first (the tree is members.parent_id today; issue 12 may replace
-- this with its own closure or path, and only this function changes).
CREATE OR REPLACE FUNCTION member_upline_path(p_member integer) RETURNS integer[] LANGUAGE sql STABLE AS $$
  WITH RECURSIVE up(id, depth) AS (
    SELECT parent_id, 1 FROM members WHERE id = p_member AND parent_id IS NOT NULL
    UNION ALL
    SELECT m.parent_id, up.depth + 1 FROM members m JOIN up ON m.id = up.id
    WHERE m.parent_id IS NOT NULL AND up.depth < 64
  )
  SELECT coalesce(array_agg(id ORDER BY depth DESC), '{}') FROM up
$$;
--> statement-breakpoint
-- The seamless side of the bets record. It is written by a trigger rather than by seamless_apply
-- because that hot function is being reworked in parallel (issue 10) and may later fold this in.
-- The trigger is DEFERRED to commit time, still inside the same transaction as the ledger
-- postings, and compares the round's final totals with what the record already holds for it:
-- a bet refused for funds (inserted then removed by seamless_apply) leaves no row, several
-- changes of one round in a transaction leave one, and a rollback appends a negative row.
-- A seamless bet counts as settled when it is debited: the protocol has no "round over" call
-- and vendors send no zero win for a loss, so a round's stake is the player's loss until a win
-- adds a payout. Concurrent calls on one round are ordered by the round row's lock, which
-- the calling transaction holds until commit.
CREATE OR REPLACE FUNCTION bets_from_seamless_round() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_round seamless_rounds%ROWTYPE;
  v_stake bigint := 0;
  v_payout bigint := 0;
  v_rec_stake bigint;
  v_rec_payout bigint;
  v_d_stake bigint;
  v_d_payout bigint;
  v_game_id integer;
  v_game_type text;
  v_status text;
BEGIN
  SELECT * INTO v_round FROM seamless_rounds WHERE id = NEW.id;
  IF FOUND THEN
    v_stake := v_round.bet_total - v_round.refund_total;
    v_payout := v_round.win_total;
  END IF;
  SELECT coalesce(sum(stake), 0), coalesce(sum(payout), 0) INTO v_rec_stake, v_rec_payout
  FROM bets WHERE source = 'seamless' AND vendor = NEW.vendor AND round_id = NEW.round_id
    AND member_id = NEW.member_id;
  v_d_stake := v_stake - v_rec_stake;
  v_d_payout := v_payout - v_rec_payout;
  IF v_d_stake = 0 AND v_d_payout = 0 THEN
    RETURN NULL;
  END IF;
  -- The catalogue's game: the vendor's own, or (an aggregator or the sandbox signing for several
  -- vendors) the game with that code under another vendor.
  SELECT id, game_type INTO v_game_id, v_game_type FROM games
  WHERE game_code = coalesce(v_round.game_code, NEW.game_code)
  ORDER BY (vendor = NEW.vendor) DESC, id LIMIT 1;
  v_status := CASE
    WHEN v_d_stake >= 0 THEN 'settled'
    WHEN FOUND AND v_round.status = 'cancelled' THEN 'cancelled'
    ELSE 'rolled_back' END;
  INSERT INTO bets (member_id, upline_path, source, vendor, game_code, game_type, round_id,
                    stake, payout, valid_stake, status, trial)
  VALUES (NEW.member_id, member_upline_path(NEW.member_id), 'seamless', NEW.vendor,
          coalesce(v_round.game_code, NEW.game_code), coalesce(v_game_type, 'UNKNOWN'), NEW.round_id,
          v_d_stake, v_d_payout, CASE WHEN NEW.trial THEN 0 ELSE v_d_stake END, v_status, NEW.trial);
  IF v_game_id IS NOT NULL AND v_d_stake > 0 THEN
    INSERT INTO game_recent (member_id, game_id, played_at) VALUES (NEW.member_id, v_game_id, now())
    ON CONFLICT (member_id, game_id) DO UPDATE SET played_at = excluded.played_at;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER seamless_rounds_to_bets AFTER INSERT OR UPDATE ON seamless_rounds
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bets_from_seamless_round();
