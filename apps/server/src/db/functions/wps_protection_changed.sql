-- wps_protection_changed: the current definition. db/migrate.ts applies this file after the migrations, in one
-- transaction, whenever its hash changes. Earlier definitions: migrations 0047 (git history).

-- A member's protection flag announced at commit on `wps_auth` as `p:<member>` (issue 10:
-- protection/service.ts). The bet path asks "does this member have any limit or exclusion?"
-- before every bet. The answer was trusted for 5 s in each process, which has two costs. On many
-- players it is re-read about once per five bets. And a self-exclusion made on one instance
-- reached the bets taken by another only after up to 5 s. Every instance now drops its answer for
-- that member when this notice arrives (through the session cache's listener), so the answer can be
-- kept longer and a new restriction holds everywhere at once. `restricted` only ever turns true:
-- a row inserted with the default false changes nothing.
CREATE OR REPLACE FUNCTION wps_protection_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_auth', 'p:' || NEW.member_id);
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS protection_members_changed ON protection_members;
CREATE TRIGGER protection_members_changed AFTER UPDATE ON protection_members FOR EACH ROW
  WHEN (OLD.restricted IS DISTINCT FROM NEW.restricted)
  EXECUTE FUNCTION wps_protection_changed();

DROP TRIGGER IF EXISTS protection_members_created ON protection_members;
CREATE TRIGGER protection_members_created AFTER INSERT ON protection_members FOR EACH ROW
  WHEN (NEW.restricted)
  EXECUTE FUNCTION wps_protection_changed();
