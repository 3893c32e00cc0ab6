-- seamless_apply_many: the current definition. db/migrate.ts applies this file after the migrations, in one
-- transaction, whenever its hash changes. Earlier definitions: migrations 0042, 0048 (git history).

-- seamless_apply_many: a group-commit batch of seamless bets and wins applied set-based (issue 10).
-- seamless_apply_batch (0018) calls seamless_apply once per item: per item a replay lookup, a
-- member or round check, four to six single-row statements and a wallet_post that rewrites the
-- player's and the house shard's rows. One hot player's batch of 32 thus left 32 versions of the
-- same two account rows in one transaction, each later lookup walking the chain of the earlier
-- ones (bench:wallet before this, load 3-10: 1 hot player 186 bets/s, p50 130 ms).
-- This function answers exactly what seamless_apply_batch answers (the same r_ord, r_status and
-- r_balance per item, the same rows, balances and versions), with a fixed number of statements:
--   1. the checks as set lookups: a (vendor, txId) already stored, or first used by an earlier
--      item of the batch, is `taken`; a bet of a member who is not active is `disabled`; a win
--      without a live bet of its member in its round (nor, for a round without bets, a vendor
--      opted in to bet-less wins) is `round_not_found`. What is left are the "candidates": the
--      items that write;
--   2. their ledger posts checked as wallet_post checks them, their accounts locked once in
--      ascending id order (wallet_post's order), running balances per account in item order;
--   3. one insert of the seamless_transactions, one upsert of seamless_rounds with the batch's
--      items summed per round, the ledger as wallet_post_many writes it (0037: one transaction
--      insert, one UPDATE per distinct account, one postings insert), one bets insert (upline
--      paths by one recursive query for the batch's distinct members), one game_recent upsert.
-- The sequential loop (seamless_apply_batch) answers the whole batch instead, before anything
-- is written, whenever the set answer could differ from it: a bet that would be refused for
-- insufficient funds (its refusal changes what the later items see), a win refused for its round
-- when an earlier bet of the batch may open that round, a round whose items disagree on trial, a
-- ledger post wallet_post would refuse with an exception (bad shape, unknown account, a key used
-- already or twice), an unknown kind or a missing field (the loop raises what it raises). When a
-- txId or a ledger key is taken by another transaction between the lookups and the inserts, the
-- writes are undone by their block (a subtransaction: one per batch) and the loop answers.
-- Concurrency: the accounts are locked before the transaction and round rows (seamless_apply
-- locks them after). Every call of one member runs in that member's group-commit lane and the
-- lanes' house shards are disjoint (see seamless/group-commit.ts), so no other transaction
-- waits on these rows in the other order; a deadlock with anything else fails the statement,
-- nothing is written and the server retries each item alone.
-- Row locks are taken inside the block (subtransaction) that writes: one XID locks, updates and
-- inserts, so no MultiXact is made per account moved (wallet/batch-locks.pg.test.ts); a refusal
-- found after the locks raises the block's own error, its locks go with it, and the per-item
-- loop answers, locking again.
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
                ELSE coalesce(sr.live, false) OR (sr.live IS NULL AND coalesce(sv.allowed, false)) END AS passes
    FROM items i
    LEFT JOIN LATERAL (
      SELECT 1 AS found FROM seamless_transactions s WHERE s.vendor = i.v AND s.tx_id = i.t LIMIT 1
    ) s ON true
    LEFT JOIN LATERAL (
      SELECT 1 AS found FROM members mb WHERE i.k = 'bet' AND mb.id = i.m AND mb.status = 'active' LIMIT 1
    ) mb ON true
    LEFT JOIN LATERAL (
      -- live: a bet not wholly rolled back; false: bets, all refunded (no win, opt-in or not).
      SELECT sr.bet_total > sr.refund_total AS live FROM seamless_rounds sr
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
        SELECT c.*, CASE WHEN c.k = 'bet' THEN c.a ELSE 0 END AS stake, gm.id AS game_id, gm.game_type,
               -- The round's net stake and wins after this item, as seamless_apply reads them
               -- after its upsert: the stored totals (the whole batch is in them) less the
               -- round's later items of the batch.
               (sr.bet_total - sr.refund_total - coalesce(sum(CASE WHEN c.k = 'bet' THEN c.a ELSE 0 END)
                 OVER (PARTITION BY c.v, c.r, c.m ORDER BY c.ord ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), 0)
               )::bigint AS net_after,
               (sr.win_total - coalesce(sum(CASE WHEN c.k = 'bet' THEN 0 ELSE c.a END)
                 OVER (PARTITION BY c.v, c.r, c.m ORDER BY c.ord ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), 0)
               )::bigint AS win_after
        FROM c
        JOIN seamless_rounds sr ON sr.vendor = c.v AND sr.round_id = c.r AND sr.member_id = c.m
        LEFT JOIN LATERAL (
          SELECT g.id, g.game_type FROM games g WHERE g.game_code = c.game
          ORDER BY (g.vendor = c.v) DESC, g.id LIMIT 1
        ) gm ON true
      ), recorded AS (
        INSERT INTO bets (member_id, upline_path, source, vendor, game_code, game_type, round_id,
                          stake, payout, valid_stake, status, trial)
        SELECT p.m, coalesce(paths.path, '{}'), 'seamless', p.v, p.game, coalesce(p.game_type, 'UNKNOWN'), p.r,
               p.stake, CASE WHEN p.k = 'bet' THEN 0 ELSE p.a END,
               bets_valid_stake(p.net_after, p.win_after, p.trial)
                 - bets_valid_stake(p.net_after - p.stake, p.win_after - CASE WHEN p.k = 'bet' THEN 0 ELSE p.a END,
                                    p.trial),
               'settled', p.trial
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
