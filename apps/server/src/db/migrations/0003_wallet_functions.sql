-- Wallet: append-only history and the one function that moves money.
-- History is never changed: corrections are new transactions (DESIGN §5). These triggers make
-- that hold against any code path, not only the ledger service.
CREATE OR REPLACE FUNCTION wps_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION wps_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION wps_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION wps_refuse_change();
--> statement-breakpoint
-- wallet_post: one journal transaction, applied once, in one statement. Called only by the
-- wallet service (WalletService.post); it runs inside the caller's database transaction, so a
-- seamless bet commits its vendor record, its postings and its round together or not at all.
-- Doing the work here rather than as separate statements from Node saves the round trips that
-- otherwise dominate a bet (one call instead of five), which is what lets the bet path approach
-- the database's own transaction rate.
-- Answers: ok (with the new balances, in the order of p_accounts), duplicate (the key exists:
-- the caller compares fingerprints), insufficient_funds (nothing written; r_short_account is the
-- member account that would have gone below zero).
CREATE OR REPLACE FUNCTION wallet_post(
  p_key text,
  p_reason text,
  p_fingerprint text,
  p_metadata jsonb,
  p_accounts bigint[],
  p_amounts bigint[]
) RETURNS TABLE (
  r_status text,
  r_transaction_id bigint,
  r_fingerprint text,
  r_balances text[],
  r_short_account bigint
) LANGUAGE plpgsql AS $$
DECLARE
  v_tx bigint;
  v_fp text;
  v_row record;
  v_locked int := 0;
  v_balances text[];
BEGIN
  -- A replay is answered before any lock is taken.
  SELECT t.id, t.fingerprint INTO v_tx, v_fp FROM ledger_transactions t WHERE t.idempotency_key = p_key;
  IF FOUND THEN
    RETURN QUERY SELECT 'duplicate'::text, v_tx, v_fp, NULL::text[], NULL::bigint;
    RETURN;
  END IF;

  IF coalesce(array_length(p_accounts, 1), 0) < 2
     OR array_length(p_accounts, 1) <> array_length(p_amounts, 1)
     OR (SELECT sum(a) FROM unnest(p_amounts) AS a) <> 0
     OR EXISTS (SELECT 1 FROM unnest(p_amounts) AS a WHERE a = 0) THEN
    RAISE EXCEPTION 'wallet_post: two or more non-zero postings summing to zero are required';
  END IF;

  -- Lock every touched account in ascending id order. Two transactions touching the same accounts
  -- then always queue in the same order; locking in request order would let A hold the player's
  -- row while waiting for the house row that B holds while waiting for the player's: a deadlock.
  -- FOR UPDATE also re-reads the newest committed balance after the wait, so no update is lost.
  FOR v_row IN
    SELECT a.id, a.type, a.balance, x.amount
    FROM ledger_accounts a JOIN unnest(p_accounts, p_amounts) AS x(id, amount) ON x.id = a.id
    ORDER BY a.id
    FOR UPDATE OF a
  LOOP
    v_locked := v_locked + 1;
    -- The same list as the ledger_accounts_member_non_negative CHECK, which stays the last guard.
    IF v_row.balance + v_row.amount < 0
       AND v_row.type NOT IN ('house', 'trial_house', 'channel_clearing', 'trial_issuance', 'promotion', 'adjustment') THEN
      -- The same key may have committed while we waited for the lock: a replay wins over a refusal.
      SELECT t.id, t.fingerprint INTO v_tx, v_fp FROM ledger_transactions t WHERE t.idempotency_key = p_key;
      IF FOUND THEN
        RETURN QUERY SELECT 'duplicate'::text, v_tx, v_fp, NULL::text[], NULL::bigint;
      ELSE
        RETURN QUERY SELECT 'insufficient_funds'::text, NULL::bigint, NULL::text, NULL::text[], v_row.id;
      END IF;
      RETURN;
    END IF;
  END LOOP;
  IF v_locked <> array_length(p_accounts, 1) THEN
    RAISE EXCEPTION 'wallet_post: unknown or repeated account in %', p_accounts;
  END IF;

  -- The unique key is the final word on "applied once": a concurrent twin that committed first
  -- makes this insert do nothing.
  INSERT INTO ledger_transactions AS t (idempotency_key, reason, fingerprint, metadata)
  VALUES (p_key, p_reason, p_fingerprint, p_metadata)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING t.id INTO v_tx;
  IF v_tx IS NULL THEN
    SELECT t.id, t.fingerprint INTO v_tx, v_fp FROM ledger_transactions t WHERE t.idempotency_key = p_key;
    RETURN QUERY SELECT 'duplicate'::text, v_tx, v_fp, NULL::text[], NULL::bigint;
    RETURN;
  END IF;

  WITH upd AS (
    UPDATE ledger_accounts a
    SET balance = a.balance + x.amount, version = a.version + 1
    FROM unnest(p_accounts, p_amounts) AS x(id, amount)
    WHERE a.id = x.id
    RETURNING a.id, x.amount, a.balance, a.version
  ), ins AS (
    INSERT INTO ledger_postings (transaction_id, account_id, amount, balance_before, balance_after, account_version, reason)
    SELECT v_tx, upd.id, upd.amount, upd.balance - upd.amount, upd.balance, upd.version, p_reason FROM upd
    RETURNING account_id, balance_after
  )
  SELECT array_agg(ins.balance_after::text ORDER BY o.ord) INTO v_balances
  FROM ins JOIN unnest(p_accounts) WITH ORDINALITY AS o(id, ord) ON o.id = ins.account_id;

  RETURN QUERY SELECT 'ok'::text, v_tx, p_fingerprint, v_balances, NULL::bigint;
END $$;
