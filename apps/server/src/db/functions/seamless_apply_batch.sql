-- seamless_apply_batch: the current definition. db/migrate.ts applies this file after the migrations, in one
-- transaction, whenever its hash changes. Earlier definitions: migrations 0018 (git history).

-- seamless_apply_batch: group commit for seamless bets and wins (issue 10). The server queues
-- the calls that arrive within a short window and hands them here as one JSON array; each item
-- goes through seamless_apply, unchanged, in arrival order, and the whole batch is ONE
-- statement autocommitted: one round trip and one commit (one WAL flush) for up to N bets
-- instead of one of each per bet. Each item gets its own answer row (r_ord is its position),
-- so an insufficient-funds bet, a replayed txId or a disabled player answers for itself and
-- its neighbours apply. An exception (which seamless_apply raises only for a broken invariant,
-- or PostgreSQL for a deadlock) fails the whole statement, nothing of the batch is written, and
-- the server retries every item on its own. Nothing is acknowledged before the commit, so an
-- acknowledged bet survives kill -9 and an unacknowledged one is wholly there or wholly absent.
-- Item fields: v vendor, t txId, k kind, r roundId, m member, tr trial, g gameCode, a amount,
-- f fingerprint, key/reason/lf/md the prepared ledger post, acc/amt its accounts and amounts,
-- w the player's wallet account.
CREATE OR REPLACE FUNCTION seamless_apply_batch(p_items jsonb)
RETURNS TABLE (r_ord integer, r_status text, r_balance text) LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
  v_ord bigint;
  v_res record;
BEGIN
  FOR v_item, v_ord IN SELECT e, o FROM jsonb_array_elements(p_items) WITH ORDINALITY AS x(e, o) ORDER BY o LOOP
    SELECT * INTO v_res FROM seamless_apply(
      v_item->>'v', v_item->>'t', v_item->>'k', v_item->>'r', (v_item->>'m')::integer,
      (v_item->>'tr')::boolean, v_item->>'g', (v_item->>'a')::bigint, v_item->>'f',
      v_item->>'key', v_item->>'reason', v_item->>'lf', v_item->'md',
      ARRAY(SELECT a::bigint FROM jsonb_array_elements_text(v_item->'acc') WITH ORDINALITY AS y(a, o) ORDER BY o),
      ARRAY(SELECT a::bigint FROM jsonb_array_elements_text(v_item->'amt') WITH ORDINALITY AS y(a, o) ORDER BY o),
      (v_item->>'w')::bigint);
    r_ord := v_ord::integer;
    r_status := v_res.r_status;
    r_balance := v_res.r_balance;
    RETURN NEXT;
  END LOOP;
END $$;
