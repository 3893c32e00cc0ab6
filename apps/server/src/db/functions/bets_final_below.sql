-- bets_final_below: the current definition. db/migrate.ts applies this file after the migrations, in one
-- transaction, whenever its hash changes. Earlier definitions: migrations 0044 (git history).

-- STABLE: runs on the calling statement's snapshot, so S is the consumer's own SELECT's. Running
-- xids are within 2^31 of each other, so comparing the low 32 bits of an xip entry with A's
-- 32-bit xids picks exactly the same transactions.
CREATE OR REPLACE FUNCTION bets_final_below(xmax0 bigint, running bigint[]) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN xmax0 IS NULL OR running IS NULL THEN pg_snapshot_xmin(s)::text::bigint
    ELSE least(
      pg_snapshot_xmax(s)::text::bigint,
      (SELECT min(x::text::bigint) FROM pg_snapshot_xip(s) AS x
       WHERE x::text::bigint >= xmax0 OR x::text::bigint % 4294967296 = ANY (running)))
  END
  FROM pg_current_snapshot() AS s
$$;
