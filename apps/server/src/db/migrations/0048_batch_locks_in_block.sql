-- The set-based ledger batches take their row locks inside the subtransaction that writes
-- (issue 10). seamless_apply_many (0042) and wallet_post_many (0037) locked their accounts FOR
-- UPDATE in the function's own transaction and then updated them, and inserted the postings whose
-- foreign-key checks lock the same rows FOR KEY SHARE, inside a block with an exception handler,
-- i.e. a subtransaction with an XID of its own. A row locked by one XID and updated or locked by
-- another that is still running gets a MultiXact as its xmax: every batch made one per account
-- it moved, and every later reader of those rows looked its members up (pg_stat_slru: about 50
-- MultiXact member lookups per 13-bet batch; pageinspect: HEAP_XMAX_IS_MULTI on the wallet rows).
-- MultiXact ids are a 32-bit space of their own: at a few thousand bets a second a busy ledger
-- spent one every few hundred microseconds, which brings the anti-wraparound vacuum of
-- ledger_accounts (autovacuum_multixact_freeze_max_age, 400 million) around within days, and
-- the pg_multixact files grow in between.
-- Now the block begins before the locks: one XID locks, updates and inserts, so no MultiXact is
-- made (wallet/batch-locks.pg.test.ts). A refusal found after the locks (an unknown account, a
-- wallet that would go short) raises the block's own error: the block's locks are released with
-- it and the per-item loop answers, locking again, exactly as before. Measured (pgbench -c 1
-- replaying one 13-bet batch of the bench, 4 interleaved 6 s pairs): 3.15 ms a batch before,
-- 3.06 ms after.
-- Otherwise both functions are unchanged.

CREATE OR REPLACE FUNCTION seamless_apply_many(p_items jsonb)
RETURNS TABLE (r_ord integer, r_status text, r_balance text) LANGUAGE plpgsql AS $$
DECLARE
  -- Per item (index = ord): the refusal answered without writing, NULL for a candidate.
  i_status text[];
  -- The candidates' ords, in batch order.
  c_ord bigint[];
  v_fallback boolean;
  v_invalid boolean;
  -- The candidates' postings, in (item, account position) order.
  l_ord bigint[];
  l_acc bigint[];
  l_amt bigint[];
  l_after bigint[];
  l_version bigint[];
  v_accounts bigint[];
  v_locked int;
  v_short boolean;
  v_written int;
  v_tx_ids bigint[];
  -- Per candidate (in c_ord order): the round's game and trial as seamless_apply saw them.
  c_game text[];
  c_trial boolean[];
BEGIN
  WITH items AS (
    SELECT u.* FROM ROWS FROM (jsonb_to_recordset(p_items)
      AS (v text, t text, k text, r text, m integer, tr boolean, w bigint))
      WITH ORDINALITY AS u(v, t, k, r, m, tr, w, ord)
  ), judged AS (
    -- Lookups by index, one per item: as EXISTS the planner hashed them over whole-table scans.
    SELECT i.*, s.found IS NOT NULL AS replay,
           CASE WHEN i.k = 'bet' THEN mb.found IS NOT NULL
                ELSE sr.found IS NOT NULL OR coalesce(sv.allowed, false) END AS passes
    FROM items i
    LEFT JOIN LATERAL (
      SELECT 1 AS found FROM seamless_transactions s WHERE s.vendor = i.v AND s.tx_id = i.t LIMIT 1
    ) s ON true
    LEFT JOIN LATERAL (
      SELECT 1 AS found FROM members mb WHERE i.k = 'bet' AND mb.id = i.m AND mb.status = 'active' LIMIT 1
    ) mb ON true
    LEFT JOIN LATERAL (
      SELECT 1 AS found FROM seamless_rounds sr
      WHERE i.k <> 'bet' AND sr.vendor = i.v AND sr.round_id = i.r AND sr.member_id = i.m AND sr.bet_count > 0
      LIMIT 1
    ) sr ON true
    LEFT JOIN LATERAL (
      SELECT sv.allow_betless_wins AS allowed FROM seamless_vendors sv WHERE i.k <> 'bet' AND sv.code = i.v LIMIT 1
    ) sv ON true
  ), decided AS (
    SELECT j.*,
           CASE WHEN j.replay OR j.ord > min(j.ord) FILTER (WHERE j.passes) OVER (PARTITION BY j.v, j.t)
                THEN 'taken'
                WHEN NOT j.passes THEN CASE WHEN j.k = 'bet' THEN 'disabled' ELSE 'round_not_found' END
           END AS status
    FROM judged j
  )
  SELECT array_agg(d.status ORDER BY d.ord),
         array_agg(d.ord ORDER BY d.ord) FILTER (WHERE d.status IS NULL),
         bool_or(d.k IS NULL OR d.k NOT IN ('bet', 'win') OR d.v IS NULL OR d.t IS NULL OR d.r IS NULL
                 OR d.m IS NULL OR d.tr IS NULL OR d.w IS NULL OR d.passes IS NULL
                 OR (d.status = 'round_not_found'
                     AND EXISTS (SELECT 1 FROM items b
                                 WHERE b.ord < d.ord AND b.k = 'bet' AND b.v = d.v AND b.r = d.r AND b.m = d.m)))
         OR EXISTS (SELECT 1 FROM decided c WHERE c.status IS NULL
                    GROUP BY c.v, c.r, c.m HAVING count(DISTINCT c.tr) > 1)
  INTO i_status, c_ord, v_fallback
  FROM decided d;

  IF v_fallback IS NOT FALSE THEN
    RETURN QUERY SELECT b.r_ord, b.r_status, b.r_balance FROM seamless_apply_batch(p_items) b;
    RETURN;
  END IF;

  IF c_ord IS NOT NULL THEN
    -- wallet_post's own validation, the nulls its insert would refuse, and keys it would answer
    -- `duplicate` (which seamless_apply turns into an exception).
    SELECT bool_or(c.key IS NULL OR c.reason IS NULL OR c.lf IS NULL OR c.md IS NULL
                   OR coalesce(array_length(c.acc, 1), 0) < 2
                   OR array_length(c.acc, 1) <> coalesce(array_length(c.amt, 1), 0)
                   OR x.null_accounts OR x.null_or_zero_amounts
                   OR x.distinct_accounts <> array_length(c.acc, 1) OR x.total <> 0
                   OR EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.idempotency_key = c.key))
           OR count(DISTINCT c.key) <> count(*)
    INTO v_invalid
    FROM ROWS FROM (jsonb_to_recordset(p_items)
      AS (key text, reason text, lf text, md jsonb, acc bigint[], amt bigint[]))
      WITH ORDINALITY AS c(key, reason, lf, md, acc, amt, ord)
    CROSS JOIN LATERAL (
      SELECT bool_or(p.acc IS NULL) AS null_accounts, bool_or(p.amt IS NULL OR p.amt = 0) AS null_or_zero_amounts,
             count(DISTINCT p.acc) AS distinct_accounts, sum(p.amt) AS total
      FROM unnest(c.acc, c.amt) AS p(acc, amt)
    ) x
    WHERE c.ord = ANY (c_ord);
    IF v_invalid IS NOT FALSE THEN
      RETURN QUERY SELECT b.r_ord, b.r_status, b.r_balance FROM seamless_apply_batch(p_items) b;
      RETURN;
    END IF;

    SELECT array_agg(c.ord ORDER BY c.ord, p.pos), array_agg(p.acc ORDER BY c.ord, p.pos),
           array_agg(p.amt ORDER BY c.ord, p.pos)
    INTO l_ord, l_acc, l_amt
    FROM ROWS FROM (jsonb_to_recordset(p_items) AS (acc bigint[], amt bigint[]))
      WITH ORDINALITY AS c(acc, amt, ord)
    CROSS JOIN LATERAL unnest(c.acc, c.amt) WITH ORDINALITY AS p(acc, amt, pos)
    WHERE c.ord = ANY (c_ord);

    SELECT array_agg(DISTINCT a ORDER BY a) INTO v_accounts FROM unnest(l_acc) AS a;
    -- From the locks to the last write, one subtransaction (why: see this migration's header).
    BEGIN
      -- Locked one by one in ascending id order (the array is sorted), each by its index.
      SELECT count(*) INTO v_locked
      FROM unnest(v_accounts) WITH ORDINALITY AS x(id, n)
      CROSS JOIN LATERAL (SELECT 1 FROM ledger_accounts a WHERE a.id = x.id FOR UPDATE) locked;
      IF v_locked <> cardinality(v_accounts) THEN
        RAISE EXCEPTION 'seamless_apply_many: an account is missing' USING ERRCODE = 'SAM01';
      END IF;

      -- Read after the locks. The same exempt types as wallet_post (and the member CHECK).
      SELECT array_agg(x.after ORDER BY x.k), array_agg(x.version ORDER BY x.k),
             bool_or(x.after < 0 AND x.type NOT IN ('house', 'trial_house', 'channel_clearing',
                                                    'trial_issuance', 'promotion', 'adjustment'))
      INTO l_after, l_version, v_short
      FROM (
        SELECT l.k, a.type, a.balance + sum(l.amt) OVER w AS after, a.version + row_number() OVER w AS version
        FROM unnest(l_acc, l_amt) WITH ORDINALITY AS l(acc, amt, k)
        CROSS JOIN LATERAL (SELECT a.type, a.balance, a.version FROM ledger_accounts a WHERE a.id = l.acc LIMIT 1) a
        WINDOW w AS (PARTITION BY l.acc ORDER BY l.k ROWS UNBOUNDED PRECEDING)
      ) x;
      IF v_short THEN
        RAISE EXCEPTION 'seamless_apply_many: a wallet would go short' USING ERRCODE = 'SAM01';
      END IF;


      WITH written AS (
        INSERT INTO seamless_transactions
          (vendor, tx_id, kind, round_id, member_id, trial, game_code, amount, status, code, fingerprint)
        SELECT c.v, c.t, c.k, c.r, c.m, c.tr, c.g, c.a, 'applied', 'OK', c.f
        FROM ROWS FROM (jsonb_to_recordset(p_items)
          AS (v text, t text, k text, r text, m integer, tr boolean, g text, a bigint, f text))
          WITH ORDINALITY AS c(v, t, k, r, m, tr, g, a, f, ord)
        WHERE c.ord = ANY (c_ord)
        ORDER BY c.ord
        ON CONFLICT (vendor, tx_id) DO NOTHING
        RETURNING 1
      )
      SELECT count(*) INTO v_written FROM written;
      IF v_written <> cardinality(c_ord) THEN
        RAISE EXCEPTION 'seamless_apply_many: a txId was taken concurrently' USING ERRCODE = 'SAM01';
      END IF;

      -- One upsert per round, the batch's items summed: the final row is the one the items' upserts
      -- in turn leave (its status is a function of the final totals). Each item's bets row shows
      -- the round's game as it stood after that item: the stored one, else the first game code
      -- given so far in the batch.
      WITH c AS (
        SELECT c.*,
               (array_agg(c.g) FILTER (WHERE c.g IS NOT NULL)
                  OVER (PARTITION BY c.v, c.r, c.m ORDER BY c.ord ROWS UNBOUNDED PRECEDING))[1] AS game_so_far
        FROM ROWS FROM (jsonb_to_recordset(p_items)
          AS (v text, k text, r text, m integer, tr boolean, g text, a bigint))
          WITH ORDINALITY AS c(v, k, r, m, tr, g, a, ord)
        WHERE c.ord = ANY (c_ord)
      ), grp AS (
        SELECT c.v, c.r, c.m, min(c.ord) AS first_ord, count(*) AS n, bool_or(c.tr) AS tr,
               (array_agg(c.g ORDER BY c.ord) FILTER (WHERE c.g IS NOT NULL))[1] AS g,
               sum(CASE WHEN c.k = 'bet' THEN c.a ELSE 0 END) AS bet_total,
               sum(CASE WHEN c.k = 'bet' THEN 0 ELSE c.a END) AS win_total,
               count(*) FILTER (WHERE c.k = 'bet') AS bet_count,
               count(*) FILTER (WHERE c.k <> 'bet') AS win_count,
               (array_agg(c.k ORDER BY c.ord))[1] AS first_kind
        FROM c GROUP BY c.v, c.r, c.m
      ), stored AS (
        SELECT sr.vendor, sr.round_id, sr.member_id, sr.game_code
        FROM seamless_rounds sr JOIN grp ON sr.vendor = grp.v AND sr.round_id = grp.r AND sr.member_id = grp.m
      ), upserted AS (
        INSERT INTO seamless_rounds AS r
          (vendor, round_id, member_id, trial, game_code, bet_total, win_total, bet_count, win_count, status)
        SELECT grp.v, grp.r, grp.m, grp.tr, grp.g, grp.bet_total, grp.win_total, grp.bet_count, grp.win_count,
               CASE WHEN grp.n = 1 THEN CASE WHEN grp.first_kind = 'bet' THEN 'open' ELSE 'settled' END
                    WHEN grp.win_count > 0 THEN 'settled'
                    WHEN grp.bet_count > 0 AND 0 >= grp.bet_total THEN 'cancelled'
                    ELSE 'open' END
        FROM grp ORDER BY grp.first_ord
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
        RETURNING r.vendor, r.round_id, r.member_id, r.trial
      )
      SELECT array_agg(coalesce(s.game_code, c.game_so_far) ORDER BY c.ord), array_agg(u.trial ORDER BY c.ord)
      INTO c_game, c_trial
      FROM c
      JOIN upserted u ON u.vendor = c.v AND u.round_id = c.r AND u.member_id = c.m
      LEFT JOIN stored s ON s.vendor = c.v AND s.round_id = c.r AND s.member_id = c.m;

      -- The ledger, as wallet_post_many writes it.
      WITH inserted AS (
        INSERT INTO ledger_transactions AS t (idempotency_key, reason, fingerprint, metadata)
        SELECT c.key, c.reason, c.lf, c.md
        FROM ROWS FROM (jsonb_to_recordset(p_items) AS (key text, reason text, lf text, md jsonb))
          WITH ORDINALITY AS c(key, reason, lf, md, ord)
        WHERE c.ord = ANY (c_ord)
        ORDER BY c.ord
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING t.id, t.idempotency_key
      )
      SELECT array_agg(ins.id ORDER BY c.ord) INTO v_tx_ids
      FROM ROWS FROM (jsonb_to_recordset(p_items) AS (key text)) WITH ORDINALITY AS c(key, ord)
      LEFT JOIN inserted ins ON ins.idempotency_key = c.key
      WHERE c.ord = ANY (c_ord);
      IF array_position(v_tx_ids, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'seamless_apply_many: a ledger key was taken concurrently' USING ERRCODE = 'SAM01';
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
      SELECT v_tx_ids[array_position(c_ord, l.ord)], l.acc, l.amt, l.after - l.amt, l.after, l.version, c.reason
      FROM unnest(l_ord, l_acc, l_amt, l_after, l_version) WITH ORDINALITY AS l(ord, acc, amt, after, version, k)
      JOIN ROWS FROM (jsonb_to_recordset(p_items) AS (reason text)) WITH ORDINALITY AS c(reason, ord) ON c.ord = l.ord
      ORDER BY l.k;

      -- The bets record (as seamless_apply writes it) and the recently played games.
      WITH RECURSIVE c AS (
        SELECT c.*, cx.game, cx.trial
        FROM ROWS FROM (jsonb_to_recordset(p_items) AS (v text, k text, r text, m integer, a bigint))
          WITH ORDINALITY AS c(v, k, r, m, a, ord)
        JOIN unnest(c_ord, c_game, c_trial) AS cx(ord, game, trial) ON cx.ord = c.ord
      ), up(member, id, depth) AS (
        -- member_upline_path (0010) for every distinct member at once.
        SELECT mb.id, mb.parent_id, 1 FROM members mb
        WHERE mb.id IN (SELECT c.m FROM c) AND mb.parent_id IS NOT NULL
        UNION ALL
        SELECT up.member, mb.parent_id, up.depth + 1 FROM members mb JOIN up ON mb.id = up.id
        WHERE mb.parent_id IS NOT NULL AND up.depth < 64
      ), paths AS (
        SELECT up.member, array_agg(up.id ORDER BY up.depth DESC) AS path FROM up GROUP BY up.member
      ), played AS (
        SELECT c.*, CASE WHEN c.k = 'bet' THEN c.a ELSE 0 END AS stake, gm.id AS game_id, gm.game_type
        FROM c LEFT JOIN LATERAL (
          SELECT g.id, g.game_type FROM games g WHERE g.game_code = c.game
          ORDER BY (g.vendor = c.v) DESC, g.id LIMIT 1
        ) gm ON true
      ), recorded AS (
        INSERT INTO bets (member_id, upline_path, source, vendor, game_code, game_type, round_id,
                          stake, payout, valid_stake, status, trial)
        SELECT p.m, coalesce(paths.path, '{}'), 'seamless', p.v, p.game, coalesce(p.game_type, 'UNKNOWN'), p.r,
               p.stake, CASE WHEN p.k = 'bet' THEN 0 ELSE p.a END,
               CASE WHEN p.trial THEN 0 ELSE p.stake END, 'settled', p.trial
        FROM played p LEFT JOIN paths ON paths.member = p.m
        ORDER BY p.ord
        RETURNING 1
      ), recent AS (
        INSERT INTO game_recent AS gr (member_id, game_id, played_at)
        SELECT DISTINCT p.m, p.game_id, now() FROM played p WHERE p.game_id IS NOT NULL AND p.stake > 0
        ON CONFLICT (member_id, game_id) DO UPDATE SET played_at = excluded.played_at
        WHERE gr.played_at IS DISTINCT FROM excluded.played_at
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM recorded) + (SELECT count(*) FROM recent) INTO v_written;
    EXCEPTION WHEN SQLSTATE 'SAM01' THEN
      -- Undone: nothing of the set-based writes remains. The loop answers the batch.
      RETURN QUERY SELECT b.r_ord, b.r_status, b.r_balance FROM seamless_apply_batch(p_items) b;
      RETURN;
    END;
  END IF;

  -- The answers. A refusal shows the wallet as the loop would read it at that item: after the
  -- earlier candidates' postings to it, else before the batch's (the first posting's balance
  -- before), else as stored (untouched by the batch).
  RETURN QUERY
  WITH l AS (
    SELECT * FROM unnest(l_ord, l_acc, l_amt, l_after) WITH ORDINALITY AS l(ord, acc, amt, after, k)
  )
  SELECT u.ord::integer,
         coalesce(i_status[u.ord], 'applied'),
         CASE WHEN i_status[u.ord] IS NULL
              THEN (SELECT l.after::text FROM l WHERE l.ord = u.ord AND l.acc = u.w)
              WHEN i_status[u.ord] = 'taken' THEN NULL
              ELSE coalesce((SELECT l.after FROM l WHERE l.acc = u.w AND l.ord < u.ord ORDER BY l.k DESC LIMIT 1),
                            (SELECT l.after - l.amt FROM l WHERE l.acc = u.w ORDER BY l.k LIMIT 1),
                            wallet_balance(u.w))::text
         END
  FROM ROWS FROM (jsonb_to_recordset(p_items) AS (w bigint)) WITH ORDINALITY AS u(w, ord)
  ORDER BY u.ord;
END $$;

--> statement-breakpoint
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
