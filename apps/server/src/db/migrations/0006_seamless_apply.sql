-- wallet_balance: the ledger's read of one balance, for database code of other modules
-- (seamless_apply below answers a refused bet with the player's balance). Reading only.
CREATE OR REPLACE FUNCTION wallet_balance(p_account bigint) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT balance FROM ledger_accounts WHERE id = p_account
$$;
--> statement-breakpoint
-- seamless_apply: a seamless bet or win in ONE statement (so one round trip, autocommitted),
-- in the lock order every seamless call keeps: the vendor's (vendor, txId) row, then the
-- member's round row, then — last — the ledger accounts through wallet_post, which stays the only
-- writer of balances and postings. The hot rows (player, house shard) are thus held only for
-- wallet_post and the commit. The ledger arguments come prepared by WalletService.prepare
-- (validated, fingerprinted, accounts resolved).
-- Answers: applied (r_balance: the wallet after the posting) | insufficient_funds (nothing
-- moved; the row is remembered as rejected and the round loses the bet; r_balance: the wallet
-- now) | taken (the txId slot exists: the caller answers as a replay).
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
BEGIN
  IF p_kind NOT IN ('bet', 'win') THEN
    RAISE EXCEPTION 'seamless_apply: bet or win, not %', p_kind;
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

  -- A round's status follows from its totals: settled once it has a win; cancelled when every
  -- bet was refunded; open otherwise.
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
    updated_at = now();

  SELECT * INTO v_post FROM wallet_post(p_key, p_reason, p_ledger_fingerprint, p_metadata, p_accounts, p_amounts);
  IF v_post.r_status = 'ok' THEN
    RETURN QUERY SELECT 'applied'::text, v_post.r_balances[array_position(p_accounts, p_wallet_account)];
    RETURN;
  END IF;
  IF v_post.r_status <> 'insufficient_funds' THEN
    -- The vendor row is the gate to its ledger key: a used key without the row is corruption.
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
