-- wps_balance_changed: the current definition. db/migrate.ts applies this file after the migrations, in one
-- transaction, whenever its hash changes. Earlier definitions: migrations 0045 (git history).

-- Balance notices for the embedded engine's balance cache (issue 10: wallet/balance-cache.ts).
-- On the embedded PGlite every open page's balance poll was one query through the WASM engine,
-- the route's whole cost (bench:api, ratio 0.09 against the status route). A member's balances
-- are now cached in the process and dropped when this trigger announces, at commit, that one of
-- the member's accounts was created or moved, whichever path moved it (wallet_post, the seamless
-- and lottery functions, a console adjustment, raw SQL).
-- Installed on PGlite only. There the database lives in the server's process, notices cost no
-- connection and no lock, and PGlite hands them to the listener before the committing query's
-- answer. On PostgreSQL every bet would queue a NOTIFY, whose commit takes a cluster-wide lock,
-- on the wallet's hottest path, while the indexed balance read it would save is cheap there
-- (bench:api ratio 0.40 without a cache); the cache stays off where the trigger is absent.
CREATE OR REPLACE FUNCTION wps_balance_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_balance', NEW.member_id::text);
  RETURN NULL;
END $$;

DO $$
BEGIN
  IF version() LIKE '%PGlite%' THEN
    DROP TRIGGER IF EXISTS ledger_accounts_balance_changed ON ledger_accounts;
    CREATE TRIGGER ledger_accounts_balance_changed AFTER INSERT OR UPDATE ON ledger_accounts FOR EACH ROW
      WHEN (NEW.member_id IS NOT NULL)
      EXECUTE FUNCTION wps_balance_changed();
  END IF;
END $$;
