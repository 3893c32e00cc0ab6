-- bets_from_seamless_round: the current definition. db/migrate.ts applies this file after the migrations, in one
-- transaction, whenever its hash changes. Earlier definitions: migrations 0010 (git history).

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
-- The sum over the round's rows is bounded in time (issue 30), so on PostgreSQL, where the record
-- is partitioned by business day, it reads the partitions of the round's days instead of probing
-- every day's index. A row is dated at the start of the transaction that wrote it, which touched
-- the round: so no later than now, and earlier than opened_at only by the time a call that began
-- before the round's creation waited for it (one vendor call or one group-commit batch: seconds at
-- most). An hour of margin on each side covers both, and a clock stepped back.
CREATE OR REPLACE FUNCTION bets_from_seamless_round() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_round seamless_rounds%ROWTYPE;
  v_stake bigint := 0;
  v_payout bigint := 0;
  v_rec_stake bigint;
  v_rec_payout bigint;
  v_rec_valid bigint;
  v_d_stake bigint;
  v_d_payout bigint;
  v_game_id integer;
  v_game_type text;
  v_status text;
  -- A variable, not an expression in the query: a bound PostgreSQL can prune partitions by.
  v_until timestamptz := clock_timestamp() + interval '1 hour';
BEGIN
  SELECT * INTO v_round FROM seamless_rounds WHERE id = NEW.id;
  IF FOUND THEN
    v_stake := v_round.bet_total - v_round.refund_total;
    v_payout := v_round.win_total;
  END IF;
  SELECT coalesce(sum(stake), 0), coalesce(sum(payout), 0), coalesce(sum(valid_stake), 0)
    INTO v_rec_stake, v_rec_payout, v_rec_valid
  FROM bets WHERE source = 'seamless' AND vendor = NEW.vendor AND round_id = NEW.round_id
    AND member_id = NEW.member_id
    AND settled_at >= coalesce(v_round.opened_at - interval '1 hour', '-infinity'::timestamptz)
    AND settled_at < v_until;
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
          v_d_stake, v_d_payout,
          -- The round's valid stake as it now stands, less what its rows already counted.
          bets_valid_stake(v_stake, v_payout, NEW.trial) - v_rec_valid, v_status, NEW.trial);
  IF v_game_id IS NOT NULL AND v_d_stake > 0 THEN
    INSERT INTO game_recent (member_id, game_id, played_at) VALUES (NEW.member_id, v_game_id, now())
    ON CONFLICT (member_id, game_id) DO UPDATE SET played_at = excluded.played_at;
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS seamless_rounds_to_bets ON seamless_rounds;
CREATE CONSTRAINT TRIGGER seamless_rounds_to_bets AFTER UPDATE OF refund_total ON seamless_rounds
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.refund_total IS DISTINCT FROM NEW.refund_total)
  EXECUTE FUNCTION bets_from_seamless_round();
