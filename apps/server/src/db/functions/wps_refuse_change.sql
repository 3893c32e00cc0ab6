-- wps_refuse_change: the current definition. db/migrate.ts applies this file after the migrations, in one
-- transaction, whenever its hash changes. Earlier definitions: migrations 0003 (git history).

-- Wallet: append-only history and the one function that moves money.
-- History is never changed: corrections are new transactions (DESIGN §5). These triggers make
-- that hold against any code path, not only the ledger service.
CREATE OR REPLACE FUNCTION wps_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END $$;

DROP TRIGGER IF EXISTS ledger_transactions_append_only ON ledger_transactions;
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION wps_refuse_change();

DROP TRIGGER IF EXISTS ledger_postings_append_only ON ledger_postings;
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION wps_refuse_change();

DROP TRIGGER IF EXISTS audit_log_append_only ON audit_log;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION wps_refuse_change();

DROP TRIGGER IF EXISTS withdrawal_receipts_append_only ON withdrawal_receipts;
CREATE TRIGGER withdrawal_receipts_append_only BEFORE UPDATE OR DELETE ON withdrawal_receipts
  FOR EACH ROW EXECUTE FUNCTION wps_refuse_change();

-- On PostgreSQL `bets` is partitioned by business day (migration 0071): a row trigger on the
-- parent is cloned onto every partition, present and future, the default one included.
DROP TRIGGER IF EXISTS bets_append_only ON bets;
CREATE TRIGGER bets_append_only BEFORE UPDATE OR DELETE ON bets
  FOR EACH ROW EXECUTE FUNCTION wps_refuse_change();
