-- The seamless hot path, lighter (issue 10). Until now every seamless bet or win also fired the
-- deferred trigger bets_from_seamless_round at commit, which re-read the round, summed the
-- round's rows in `bets` to find what changed, then wrote the bets row: three reads per call on
-- top of the write. seamless_apply knows the change already (this call's amount), so it now
-- writes the bets row itself, right after the ledger posting succeeded, in the same statement
-- and transaction: same row content (a bet is settled when debited, a win adds a payout), no
-- sum. A refused bet (insufficient funds) writes no bets row, as before (the trigger found no
-- change). The trigger stays for the one other writer of round totals, a rollback's refund
-- (refund_total): it still compares the round with what the record holds, which the rows
-- written here keep exact. Two bets of one round in one batch now leave two rows instead of
-- one merged row; every figure is a SUM over rows, so no report changes.
CREATE OR REPLACE FUNCTION seamless_apply(
  p_vendor text,
  p_tx_id text,
  p_kind text,
  p_round_id text,
  p_member_id integer,
  p_trial boolean,
  p_game_code text,
  p_amount bigint,
  p_fingerprint text,
  p_key text,
  p_reason text,
  p_ledger_fingerprint text,
  p_metadata jsonb,
  p_accounts bigint[],
  p_amounts bigint[],
  p_wallet_account bigint
) RETURNS TABLE (r_status text, r_balance text) LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_bet boolean := p_kind = 'bet';
  v_post record;
  v_balance bigint;
  v_round_game text;
  v_round_trial boolean;
  v_game_id integer;
  v_game_type text;
  v_stake bigint;
BEGIN
  IF p_kind NOT IN ('bet', 'win') THEN
    RAISE EXCEPTION 'seamless_apply: bet or win, not %', p_kind;
  END IF;
  IF EXISTS (SELECT 1 FROM seamless_transactions WHERE vendor = p_vendor AND tx_id = p_tx_id) THEN
    RETURN QUERY SELECT 'taken'::text, NULL::text;
    RETURN;
  END IF;
  IF v_bet AND NOT EXISTS (SELECT 1 FROM members WHERE id = p_member_id AND status = 'active') THEN
    RETURN QUERY SELECT 'disabled'::text, wallet_balance(p_wallet_account)::text;
    RETURN;
  END IF;
  IF NOT v_bet
     AND NOT EXISTS (SELECT 1 FROM seamless_rounds
                     WHERE vendor = p_vendor AND round_id = p_round_id AND member_id = p_member_id
                       AND bet_count > 0)
     AND NOT coalesce((SELECT allow_betless_wins FROM seamless_vendors WHERE code = p_vendor), false) THEN
    RETURN QUERY SELECT 'round_not_found'::text, wallet_balance(p_wallet_account)::text;
    RETURN;
  END IF;

  INSERT INTO seamless_transactions AS s
    (vendor, tx_id, kind, round_id, member_id, trial, game_code, amount, status, code, fingerprint)
  VALUES (p_vendor, p_tx_id, p_kind, p_round_id, p_member_id, p_trial, p_game_code, p_amount,
          'applied', 'OK', p_fingerprint)
  ON CONFLICT (vendor, tx_id) DO NOTHING
  RETURNING s.id INTO v_id;
  IF v_id IS NULL THEN
    RETURN QUERY SELECT 'taken'::text, NULL::text;
    RETURN;
  END IF;

  INSERT INTO seamless_rounds AS r
    (vendor, round_id, member_id, trial, game_code, bet_total, win_total, bet_count, win_count, status)
  VALUES (p_vendor, p_round_id, p_member_id, p_trial, p_game_code,
          CASE WHEN v_bet THEN p_amount ELSE 0 END, CASE WHEN v_bet THEN 0 ELSE p_amount END,
          CASE WHEN v_bet THEN 1 ELSE 0 END, CASE WHEN v_bet THEN 0 ELSE 1 END,
          CASE WHEN v_bet THEN 'open' ELSE 'settled' END)
  ON CONFLICT (vendor, round_id, member_id) DO UPDATE SET
    bet_total = r.bet_total + excluded.bet_total,
    win_total = r.win_total + excluded.win_total,
    bet_count = r.bet_count + excluded.bet_count,
    win_count = r.win_count + excluded.win_count,
    game_code = coalesce(r.game_code, excluded.game_code),
    status = CASE
      WHEN r.win_count + excluded.win_count > 0 THEN 'settled'
      WHEN r.bet_count + excluded.bet_count > 0 AND r.refund_total >= r.bet_total + excluded.bet_total THEN 'cancelled'
      ELSE 'open' END,
    updated_at = now()
  RETURNING r.game_code, r.trial INTO v_round_game, v_round_trial;

  SELECT * INTO v_post FROM wallet_post(p_key, p_reason, p_ledger_fingerprint, p_metadata, p_accounts, p_amounts);
  IF v_post.r_status = 'ok' THEN
    -- The bets record (migration 0010), as the trigger wrote it: the round's game (the vendor's
    -- own, or the same code under another vendor), the member's uplines, play money never valid.
    v_stake := CASE WHEN v_bet THEN p_amount ELSE 0 END;
    SELECT id, game_type INTO v_game_id, v_game_type FROM games
    WHERE game_code = v_round_game
    ORDER BY (vendor = p_vendor) DESC, id LIMIT 1;
    INSERT INTO bets (member_id, upline_path, source, vendor, game_code, game_type, round_id,
                      stake, payout, valid_stake, status, trial)
    VALUES (p_member_id, member_upline_path(p_member_id), 'seamless', p_vendor, v_round_game,
            coalesce(v_game_type, 'UNKNOWN'), p_round_id, v_stake,
            CASE WHEN v_bet THEN 0 ELSE p_amount END,
            CASE WHEN v_round_trial THEN 0 ELSE v_stake END, 'settled', v_round_trial);
    IF v_game_id IS NOT NULL AND v_stake > 0 THEN
      INSERT INTO game_recent (member_id, game_id, played_at) VALUES (p_member_id, v_game_id, now())
      ON CONFLICT (member_id, game_id) DO UPDATE SET played_at = excluded.played_at;
    END IF;
    RETURN QUERY SELECT 'applied'::text, v_post.r_balances[array_position(p_accounts, p_wallet_account)];
    RETURN;
  END IF;
  IF v_post.r_status <> 'insufficient_funds' THEN
    RAISE EXCEPTION 'seamless_apply: ledger key % already used', p_key;
  END IF;

  v_balance := wallet_balance(p_wallet_account);
  UPDATE seamless_transactions
  SET status = 'rejected', code = 'INSUFFICIENT_FUNDS', balance_after = v_balance, updated_at = now()
  WHERE id = v_id;
  UPDATE seamless_rounds SET
    bet_total = bet_total - p_amount,
    bet_count = bet_count - 1,
    status = CASE
      WHEN win_count > 0 THEN 'settled'
      WHEN bet_count - 1 > 0 AND refund_total >= bet_total - p_amount THEN 'cancelled'
      ELSE 'open' END,
    updated_at = now()
  WHERE vendor = p_vendor AND round_id = p_round_id AND member_id = p_member_id;
  DELETE FROM seamless_rounds
  WHERE vendor = p_vendor AND round_id = p_round_id AND member_id = p_member_id
    AND bet_count = 0 AND win_count = 0;
  RETURN QUERY SELECT 'insufficient_funds'::text, v_balance::text;
END $$;
--> statement-breakpoint
-- The bets record trigger now fires only for a refund (a rollback changes refund_total); bets and
-- wins write their rows in seamless_apply above. Still deferred to commit, in the same transaction.
DROP TRIGGER seamless_rounds_to_bets ON seamless_rounds;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER seamless_rounds_to_bets AFTER UPDATE OF refund_total ON seamless_rounds
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.refund_total IS DISTINCT FROM NEW.refund_total)
  EXECUTE FUNCTION bets_from_seamless_round();
