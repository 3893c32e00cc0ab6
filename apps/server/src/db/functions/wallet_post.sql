-- wallet_post: the current definition. db/migrate.ts applies this file after the migrations, in one
-- transaction, whenever its hash changes. Earlier definitions: migrations 0003, 0008 (git history).

-- wallet_post: one journal transaction, applied once, in one statement. Called only by the
-- wallet service (WalletService.post); it runs inside the caller's database transaction, so a
-- seamless bet commits its vendor record, its postings and its round together or not at all.
-- Doing the work here rather than as separate statements from Node saves the round trips that
-- otherwise dominate a bet (one call instead of five).
-- It refuses what the service already refuses (a repeated account: the UPDATE … FROM unnest
-- would move it once and write postings that do not sum to zero; null amounts): the database is
-- the last guard, whatever code calls it.
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
     OR array_length(p_accounts, 1) <> coalesce(array_length(p_amounts, 1), 0)
     OR EXISTS (SELECT 1 FROM unnest(p_accounts) AS a WHERE a IS NULL)
     OR EXISTS (SELECT 1 FROM unnest(p_amounts) AS a WHERE a IS NULL OR a = 0)
     OR (SELECT count(DISTINCT a) FROM unnest(p_accounts) AS a) <> array_length(p_accounts, 1)
     OR (SELECT sum(a) FROM unnest(p_amounts) AS a) <> 0 THEN
    RAISE EXCEPTION 'wallet_post: two or more non-zero postings to distinct accounts summing to zero are required';
  END IF;

  -- Lock every touched account in ascending id order (see 0003: no deadlock, no lost update).
  FOR v_row IN
    SELECT a.id, a.type, a.balance, x.amount
    FROM ledger_accounts a JOIN unnest(p_accounts, p_amounts) AS x(id, amount) ON x.id = a.id
    ORDER BY a.id
    FOR UPDATE OF a
  LOOP
    v_locked := v_locked + 1;
    IF v_row.balance + v_row.amount < 0
       AND v_row.type NOT IN ('house', 'trial_house', 'channel_clearing', 'trial_issuance', 'promotion', 'adjustment') THEN
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
    RAISE EXCEPTION 'wallet_post: unknown account in %', p_accounts;
  END IF;

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
