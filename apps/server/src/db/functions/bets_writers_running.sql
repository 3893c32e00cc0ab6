-- bets_writers_running: the current definition. db/migrate.ts applies this file after the migrations, in one
-- transaction, whenever its hash changes. Earlier definitions: migrations 0044 (git history).

-- The bets record's consumers (bets/horizon.ts) used to take only rows written by transactions
-- older than pg_snapshot_xmin(pg_current_snapshot()), which is cluster-wide: a transaction left
-- open in any other database of the server (a report, a bench, another test file) held every
-- consumer back. These two functions narrow the horizon to the transactions that can write this
-- database's bets. bets/horizon.ts explains why the pair is correct; in short, in READ COMMITTED:
--   statement 1 calls bets_writers_running(): xmax0 from a snapshot, then the xids of this
--     database's transactions running after it (A);
--   statement 2 (the consumer's SELECT, snapshot S) uses bets_final_below(xmax0, A) = the least
--     of xmax(S) and the xids in progress at S that are in A or not older than xmax0.
-- A row whose tx_xid is below that is final for S: committed and visible, or never will be.

-- VOLATILE: called from the mark's SELECT; its own statements run in order, after that
-- statement's snapshot. Outside READ COMMITTED every statement shares one snapshot, so the list
-- could miss a writer still in progress at it: NULLs then, and the consumer keeps the xmin rule,
-- as it does when the activity views are missing or closed to the role.
CREATE OR REPLACE FUNCTION bets_writers_running(OUT xmax0 bigint, OUT running bigint[])
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RETURN;
  END IF;
  xmax0 := pg_snapshot_xmax(pg_current_snapshot())::text::bigint;
  -- pg_stat_activity is read once per transaction and then kept: read it now, not as it was.
  PERFORM pg_stat_clear_snapshot();
  -- Backends first, then prepared transactions: PREPARE lists the xid as prepared before it
  -- leaves the backend, so a writer moving between the two is seen in one of them, never in
  -- neither. backend_xid is the 32-bit xid (bets_final_below compares it modulo 2^32).
  running := ARRAY(
    SELECT backend_xid::text::bigint FROM pg_stat_activity
    WHERE datid = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND backend_xid IS NOT NULL);
  running := running || ARRAY(
    SELECT transaction::text::bigint FROM pg_prepared_xacts WHERE database = current_database());
EXCEPTION WHEN insufficient_privilege OR undefined_table OR undefined_function OR undefined_column THEN
  xmax0 := NULL;
  running := NULL;
END $$;
