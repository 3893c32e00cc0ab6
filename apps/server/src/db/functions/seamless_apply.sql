-- seamless_apply: the current definition. db/migrate.ts applies this file after the migrations, in one
-- transaction, whenever its hash changes. Earlier definitions: migrations 0006, 0008, 0034, 0039 (git history).

-- seamless_apply: a seamless bet or win in ONE statement (so one round trip, autocommitted),
-- in the lock order every seamless call keeps: the vendor's (vendor, txId) row, then the
-- member's round row, then — last — the ledger accounts through wallet_post, which stays the only
-- writer of balances and postings. The ledger arguments come prepared by WalletService.prepare
-- (validated, fingerprinted, accounts resolved).
-- Refusals decided in the same statement as the money, none of them remembered (a retry is
-- judged afresh): a bet by a member who is not active answers `disabled`; a win answers
-- `round_not_found` unless the same member has a live bet (not wholly rolled back) in that
-- vendor's round, or the round has no bet at all and the vendor opted in to bet-less wins in
-- seamless_vendors. A txId already used replays first.
-- The bets row is written here, right after the posting succeeded (a bet is settled when
-- debited, a win adds a payout); a refused bet writes none. The deferred trigger
-- bets_from_seamless_round covers the one other writer of round totals, a rollback's refund.
-- The upline path is assigned in PL/pgSQL before the INSERT, not called inside it: a SQL
-- function with a recursive query cannot be inlined, and inside a statement it is planned at
-- every execution (~0.5 ms a bet); assigned, its plan is kept for the transaction.
-- game_recent is written only when the value changes (now() is fixed within a transaction).
-- Answers: applied (r_balance: the wallet after the posting) | insufficient_funds (nothing
-- moved; the round loses the bet; r_balance: the wallet now) | taken (the txId slot exists: the
-- caller answers as a replay) | disabled | round_not_found.
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
  v_path integer[];
  -- The round's net stake (bets less refunds) and wins after this call: the valid stake of its
  -- bets rows is the round's, written as what this call changed (bets_valid_stake.sql).
  v_net_after bigint;
  v_win_after bigint;
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
  -- A win needs a live bet of its member in its round: one not wholly rolled back. A round whose
  -- every bet was refunded is over for the player (issue 26), even at a vendor opted in to
  -- bet-less wins, which covers rounds that never had a bet (free spins, promotions).
  IF NOT v_bet
     AND NOT EXISTS (SELECT 1 FROM seamless_rounds
                     WHERE vendor = p_vendor AND round_id = p_round_id AND member_id = p_member_id
                       AND bet_total > refund_total)
     AND (EXISTS (SELECT 1 FROM seamless_rounds
                  WHERE vendor = p_vendor AND round_id = p_round_id AND member_id = p_member_id
                    AND bet_count > 0)
          OR NOT coalesce((SELECT allow_betless_wins FROM seamless_vendors WHERE code = p_vendor), false)) THEN
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
  RETURNING r.game_code, r.trial, r.bet_total - r.refund_total, r.win_total
    INTO v_round_game, v_round_trial, v_net_after, v_win_after;

  SELECT * INTO v_post FROM wallet_post(p_key, p_reason, p_ledger_fingerprint, p_metadata, p_accounts, p_amounts);
  IF v_post.r_status = 'ok' THEN
    -- The bets record (migration 0010), as the trigger wrote it: the round's game (the vendor's
    -- own, or the same code under another vendor), the member's uplines, play money never valid.
    v_stake := CASE WHEN v_bet THEN p_amount ELSE 0 END;
    SELECT id, game_type INTO v_game_id, v_game_type FROM games
    WHERE game_code = v_round_game
    ORDER BY (vendor = p_vendor) DESC, id LIMIT 1;
    -- Assigned on its own line, not called inside the INSERT: as a PL/pgSQL simple expression the
    -- SQL function keeps its plan for the rest of the transaction, where inside a statement it is
    -- parsed and planned again at every call (about 0.5 ms, most of a hot batch's time per bet).
    v_path := member_upline_path(p_member_id);
    INSERT INTO bets (member_id, upline_path, source, vendor, game_code, game_type, round_id,
                      stake, payout, valid_stake, status, trial)
    VALUES (p_member_id, v_path, 'seamless', p_vendor, v_round_game,
            coalesce(v_game_type, 'UNKNOWN'), p_round_id, v_stake,
            CASE WHEN v_bet THEN 0 ELSE p_amount END,
            bets_valid_stake(v_net_after, v_win_after, v_round_trial)
              - bets_valid_stake(v_net_after - v_stake, v_win_after - CASE WHEN v_bet THEN 0 ELSE p_amount END,
                                 v_round_trial),
            'settled', v_round_trial);
    IF v_game_id IS NOT NULL AND v_stake > 0 THEN
      -- now() is the transaction's start: the later bets of a batch on the same game would only
      -- write the same value again (a row version and an index entry each), so they skip it.
      INSERT INTO game_recent AS gr (member_id, game_id, played_at) VALUES (p_member_id, v_game_id, now())
      ON CONFLICT (member_id, game_id) DO UPDATE SET played_at = excluded.played_at
      WHERE gr.played_at IS DISTINCT FROM excluded.played_at;
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
