-- wallet_post_many: the current definition. db/migrate.ts applies this file after the migrations, in one
-- transaction, whenever its hash changes. Earlier definitions: migrations 0037, 0048 (git history).

-- wallet_post_many: a batch of ledger transactions posted set-based (issues 12 and 15).
-- WalletService.postMany used to call wallet_post once per item (one statement, but per item a
-- lock, a ledger_transactions insert, one UPDATE per account row, a postings insert): a batch's
-- house, platform or payer account was rewritten once PER ITEM, and agent settlement spent
-- ~1.2 ms per payout there. This function answers exactly what calling wallet_post on each item
-- in order inside one transaction answers (the same statuses, rows, balances, versions and
-- exceptions), with a handful of statements whatever the batch size:
--   1. replays first: one lookup of every key; a key repeated inside the batch is a duplicate of
--      its first occurrence (sequentially, the first inserts the key and the second's replay
--      lookup finds it), so only first occurrences of unknown keys are written ("fresh");
--   2. every distinct account of the fresh items locked once, in ascending id order, FOR UPDATE:
--      the order wallet_post locks in, so no deadlock with concurrent wallet_post callers;
--   3. running balances per account in item order (a window sum) and consecutive versions;
--   4. one insert of the transactions, one UPDATE per distinct account (balance + net, version +
--      number of postings), one insert of every posting with its running balance_before/after.
-- The sequential loop over wallet_post answers the whole batch instead (before anything is
-- written) whenever the set-based answer could differ from it: a fresh item wallet_post would
-- refuse with an exception (bad shape, nulls, unknown account) so the same exception is raised
-- the same way; a member-type account that would go below zero at some item (that item's refusal
-- is per item, and it changes the balances the items after it see: agent uplines short of funds,
-- a player's bet refused in a group commit); or a key another transaction inserted between the
-- lookup and our insert (ON CONFLICT): the writes run in a block whose own error undoes them, and
-- the loop then answers that item `duplicate`, as wallet_post's ON CONFLICT would. That block is
-- a subtransaction; callers run one postMany per transaction, far below the 64 that PostgreSQL
-- caches per backend.
-- Answers: one row per item, in batch order (r_ord from 1): wallet_post's r_status,
-- r_transaction_id, r_fingerprint and r_balances (text, in the order of the item's accounts).
-- Row locks are taken inside the block (subtransaction) that writes: one XID locks, updates and
-- inserts, so no MultiXact is made per account moved (wallet/batch-locks.pg.test.ts); a refusal
-- found after the locks raises the block's own error, its locks go with it, and the per-item
-- loop answers, locking again.
CREATE OR REPLACE FUNCTION wallet_post_many(p_items jsonb)
RETURNS TABLE (
  r_ord bigint,
  r_status text,
  r_transaction_id bigint,
  r_fingerprint text,
  r_balances text[]
) LANGUAGE plpgsql AS $$
DECLARE
  -- The fresh items, in batch order (index fi from 1).
  f_ord bigint[];
  f_key text[];
  f_reason text[];
  f_fp text[];
  f_meta jsonb[];
  v_invalid boolean;
  -- Their postings, in (item, account position) order.
  l_fi bigint[];
  l_acc bigint[];
  l_amt bigint[];
  l_after bigint[];
  l_version bigint[];
  v_accounts bigint[];
  v_locked int;
  v_short boolean;
  v_tx_ids bigint[];
  v_item record;
BEGIN
  SELECT array_agg(i.ord ORDER BY i.ord), array_agg(i.key ORDER BY i.ord),
         array_agg(i.reason ORDER BY i.ord), array_agg(i.fp ORDER BY i.ord),
         array_agg(i.meta ORDER BY i.ord),
         -- wallet_post's own validation, plus the nulls its insert would refuse.
         bool_or(i.key IS NULL OR i.reason IS NULL OR i.fp IS NULL OR i.meta IS NULL
                 OR coalesce(array_length(i.accs, 1), 0) < 2
                 OR array_length(i.accs, 1) <> coalesce(array_length(i.amts, 1), 0)
                 OR c.null_accounts OR c.null_or_zero_amounts
                 OR c.distinct_accounts <> array_length(i.accs, 1) OR c.total <> 0)
  INTO f_ord, f_key, f_reason, f_fp, f_meta, v_invalid
  FROM (
    SELECT u.ord, u.item->>'key' AS key, u.item->>'reason' AS reason, u.item->>'fp' AS fp,
           u.item->'meta' AS meta,
           array(SELECT jsonb_array_elements_text(u.item->'accs')::bigint) AS accs,
           array(SELECT jsonb_array_elements_text(u.item->'amts')::bigint) AS amts,
           row_number() OVER (PARTITION BY u.item->>'key' ORDER BY u.ord) AS nth
    FROM jsonb_array_elements(p_items) WITH ORDINALITY AS u(item, ord)
  ) i
  -- One pass over the item's postings for every check (one subplan per item, not four).
  CROSS JOIN LATERAL (
    SELECT bool_or(x.acc IS NULL) AS null_accounts, bool_or(x.amt IS NULL OR x.amt = 0) AS null_or_zero_amounts,
           count(DISTINCT x.acc) AS distinct_accounts, sum(x.amt) AS total
    FROM unnest(i.accs, i.amts) AS x(acc, amt)
  ) c
  WHERE i.nth = 1
    AND NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.idempotency_key = i.key);

  -- (A null verdict counts as invalid: the loop decides.)
  IF f_ord IS NOT NULL AND v_invalid IS FALSE THEN
    SELECT array_agg(f.fi ORDER BY f.fi, l.pos), array_agg(l.acc ORDER BY f.fi, l.pos),
           array_agg(l.amt ORDER BY f.fi, l.pos)
    INTO l_fi, l_acc, l_amt
    FROM unnest(f_ord) WITH ORDINALITY AS f(ord, fi)
    JOIN jsonb_array_elements(p_items) WITH ORDINALITY AS u(item, ord) ON u.ord = f.ord
    CROSS JOIN LATERAL unnest(
      array(SELECT jsonb_array_elements_text(u.item->'accs')::bigint),
      array(SELECT jsonb_array_elements_text(u.item->'amts')::bigint)
    ) WITH ORDINALITY AS l(acc, amt, pos);

    SELECT array_agg(DISTINCT a ORDER BY a) INTO v_accounts FROM unnest(l_acc) AS a;
    -- From the locks to the last write, one subtransaction (why: see this migration's header).
    BEGIN
      SELECT count(*) INTO v_locked FROM (
        SELECT a.id FROM ledger_accounts a WHERE a.id = ANY(v_accounts) ORDER BY a.id FOR UPDATE
      ) locked;
      IF v_locked <> cardinality(v_accounts) THEN
        RAISE EXCEPTION 'wallet_post_many: an account is unknown' USING ERRCODE = 'WPM01';
      END IF;

      -- Read after the locks: these balances are the newest and nobody else can change them now.
      -- The same exempt list as wallet_post (and the ledger_accounts_member_non_negative CHECK).
      SELECT array_agg(x.after ORDER BY x.k), array_agg(x.version ORDER BY x.k),
             bool_or(x.after < 0 AND x.type NOT IN ('house', 'trial_house', 'channel_clearing',
                                                    'trial_issuance', 'promotion', 'adjustment'))
      INTO l_after, l_version, v_short
      FROM (
        SELECT l.k, a.type,
               a.balance + sum(l.amt) OVER w AS after,
               a.version + row_number() OVER w AS version
        FROM unnest(l_acc, l_amt) WITH ORDINALITY AS l(acc, amt, k)
        JOIN ledger_accounts a ON a.id = l.acc
        WINDOW w AS (PARTITION BY l.acc ORDER BY l.k ROWS UNBOUNDED PRECEDING)
      ) x;

      IF v_short IS NOT FALSE THEN
        RAISE EXCEPTION 'wallet_post_many: an account would go short' USING ERRCODE = 'WPM01';
      END IF;

      WITH inserted AS (
        INSERT INTO ledger_transactions AS t (idempotency_key, reason, fingerprint, metadata)
        SELECT f.key, f.reason, f.fp, f.meta
        FROM unnest(f_key, f_reason, f_fp, f_meta) WITH ORDINALITY AS f(key, reason, fp, meta, fi)
        ORDER BY f.fi
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING t.id, t.idempotency_key
      )
      SELECT array_agg(ins.id ORDER BY f.fi) INTO v_tx_ids
      FROM unnest(f_key) WITH ORDINALITY AS f(key, fi)
      LEFT JOIN inserted ins ON ins.idempotency_key = f.key;
      IF array_position(v_tx_ids, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'wallet_post_many: a key was taken concurrently' USING ERRCODE = 'WPM01';
      END IF;

      WITH moved AS (
        UPDATE ledger_accounts a
        SET balance = a.balance + n.net, version = a.version + n.postings
        FROM (SELECT acc, sum(amt) AS net, count(*) AS postings
              FROM unnest(l_acc, l_amt) AS x(acc, amt) GROUP BY acc) n
        WHERE a.id = n.acc
      )
      INSERT INTO ledger_postings (transaction_id, account_id, amount, balance_before, balance_after,
                                   account_version, reason)
      SELECT v_tx_ids[l.fi], l.acc, l.amt, l.after - l.amt, l.after, l.version, f_reason[l.fi]
      FROM unnest(l_fi, l_acc, l_amt, l_after, l_version) WITH ORDINALITY AS l(fi, acc, amt, after, version, k)
      ORDER BY l.k;

      RETURN QUERY
      WITH fresh AS (
        SELECT f.ord, f.fi FROM unnest(f_ord) WITH ORDINALITY AS f(ord, fi)
      ), balances AS (
        SELECT b.fi, array_agg(b.after::text ORDER BY b.k) AS list
        FROM unnest(l_fi, l_after) WITH ORDINALITY AS b(fi, after, k)
        GROUP BY b.fi
      )
      SELECT u.ord,
             CASE WHEN fresh.fi IS NULL THEN 'duplicate' ELSE 'ok' END,
             coalesce(v_tx_ids[fresh.fi], t.id),
             coalesce(f_fp[fresh.fi], t.fingerprint),
             balances.list
      FROM jsonb_array_elements(p_items) WITH ORDINALITY AS u(item, ord)
      LEFT JOIN fresh ON fresh.ord = u.ord
      LEFT JOIN balances ON balances.fi = fresh.fi
      -- A replay's transaction by its key, looked up only for the items that are replays.
      LEFT JOIN LATERAL (
        SELECT t.id, t.fingerprint FROM ledger_transactions t
        WHERE fresh.fi IS NULL AND t.idempotency_key = u.item->>'key'
      ) t ON true
      ORDER BY u.ord;
      RETURN;
    EXCEPTION WHEN SQLSTATE 'WPM01' THEN
      -- Undone, locks and all: nothing of the set-based writes remains. The loop below answers.
    END;
  ELSIF f_ord IS NULL THEN
    -- Nothing fresh: every item replays a committed key (or repeats one of those).
    RETURN QUERY
    SELECT u.ord, 'duplicate'::text, t.id, t.fingerprint, NULL::text[]
    FROM jsonb_array_elements(p_items) WITH ORDINALITY AS u(item, ord)
    LEFT JOIN LATERAL (
      SELECT t.id, t.fingerprint FROM ledger_transactions t WHERE t.idempotency_key = u.item->>'key'
    ) t ON true
    ORDER BY u.ord;
    RETURN;
  END IF;

  -- The sequential answer: wallet_post on each item in order, as postMany did before.
  FOR v_item IN SELECT u.ord, u.item FROM jsonb_array_elements(p_items) WITH ORDINALITY AS u(item, ord) ORDER BY u.ord LOOP
    RETURN QUERY
    SELECT v_item.ord, p.r_status, p.r_transaction_id, p.r_fingerprint, p.r_balances
    FROM wallet_post(
      v_item.item->>'key', v_item.item->>'reason', v_item.item->>'fp', v_item.item->'meta',
      array(SELECT jsonb_array_elements_text(v_item.item->'accs')::bigint),
      array(SELECT jsonb_array_elements_text(v_item.item->'amts')::bigint)
    ) p;
  END LOOP;
END $$;
