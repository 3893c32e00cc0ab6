-- Money hardening (issue 7): vendor secrets live with the data, wins need a bet, a disabled
-- player is refused in the bet's own statement, wallet_post refuses repeated accounts, deposit
-- channels cannot borrow the payout clearing accounts, receipts keep an append-only history.

-- Seamless vendors. The secret is stored readable because the server computes the HMAC with it
-- (a hash would not do); it is not encrypted at rest because APP_SECRET is optional outside
-- production (random per process), so no stable key exists to encrypt it with. A vendor without
-- a secret here or in SEAMLESS_VENDOR_SECRETS is refused.
CREATE TABLE "seamless_vendors" (
	"code" text PRIMARY KEY NOT NULL,
	"secret" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"allow_betless_wins" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	CONSTRAINT "seamless_vendors_code_format" CHECK ("seamless_vendors"."code" ~ '^[A-Z0-9_]{1,32}$'),
	CONSTRAINT "seamless_vendors_secret_length" CHECK ("seamless_vendors"."secret" is null or length("seamless_vendors"."secret") >= 32)
);
--> statement-breakpoint
-- Deposit channels must not be named like the payout clearing accounts (channel_clearing:PAYOUT_…),
-- or a deposit approval would draw on the money withdrawals are paid from. NOT VALID: rows that
-- predate the rule stay readable; every insert and update is checked.
ALTER TABLE "payment_channels" ADD CONSTRAINT "payment_channels_code_not_payout"
	CHECK (upper("code") NOT LIKE 'PAYOUT\_%') NOT VALID;
--> statement-breakpoint
-- Every receipt answer (member, auto-receipt job, operator resolution), in order. The row on
-- withdrawal_requests is the current state; this is how it got there, and it is never changed.
CREATE TABLE "withdrawal_receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"withdrawal_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"received_amount" bigint NOT NULL,
	"proof_upload_id" uuid,
	"note" text,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_receipts_actor_known" CHECK ("withdrawal_receipts"."actor_type" in ('member', 'job', 'operator'))
);
--> statement-breakpoint
CREATE INDEX "withdrawal_receipts_withdrawal_idx" ON "withdrawal_receipts" USING btree ("withdrawal_id","id");
--> statement-breakpoint
CREATE TRIGGER withdrawal_receipts_append_only BEFORE UPDATE OR DELETE ON withdrawal_receipts
  FOR EACH ROW EXECUTE FUNCTION wps_refuse_change();
--> statement-breakpoint
-- wallet_post, as in 0003, refusing what the service already refuses: a repeated account (the
-- UPDATE … FROM unnest would move it once and write postings that do not sum to zero) and null
-- amounts. The database is the last guard, whatever code calls it.
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
--> statement-breakpoint
-- seamless_apply, as in 0006, with two refusals decided in the same statement as the money:
-- * a bet by a member who is not active answers `disabled` (no per-process cache can let a
--   disabled player bet on another instance);
-- * a win answers `round_not_found` unless the same member placed a bet (still counted) in that
--   vendor's round, or the vendor opted in to bet-less wins (free spins, promotions) in
--   seamless_vendors. Neither refusal is remembered: nothing is written, and a retry after the
--   bet arrives is judged afresh. A txId already used still replays first (`taken`), so a win
--   applied under an opt-in since withdrawn keeps answering what it answered.
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
    updated_at = now();

  SELECT * INTO v_post FROM wallet_post(p_key, p_reason, p_ledger_fingerprint, p_metadata, p_accounts, p_amounts);
  IF v_post.r_status = 'ok' THEN
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
