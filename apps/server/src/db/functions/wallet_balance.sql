-- wallet_balance: the current definition. db/migrate.ts applies this file after the migrations, in one
-- transaction, whenever its hash changes. Earlier definitions: migrations 0006 (git history).

-- wallet_balance: the ledger's read of one balance, for database code of other modules
-- (seamless_apply below answers a refused bet with the player's balance). Reading only.
CREATE OR REPLACE FUNCTION wallet_balance(p_account bigint) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT balance FROM ledger_accounts WHERE id = p_account
$$;
