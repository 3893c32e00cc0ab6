-- wps_auth_changed: the current definition. db/migrate.ts applies this file after the migrations, in one
-- transaction, whenever its hash changes. Earlier definitions: migrations 0018 (git history).

-- Sessions are cached in each server process (auth/session-cache.ts) so the player API's reads
-- skip the session lookup. Whatever changes who a cached session is — a logout or revocation,
-- a forced password change cleared, a member disabled or made an agent, an operator's status or
-- permissions — is announced on channel `wps_auth` at commit, by these triggers rather than by
-- each code path, so a change made anywhere reaches every instance: s:<session>, m:<member>,
-- o:<operator>. The last_seen_at touch announces nothing.
CREATE OR REPLACE FUNCTION wps_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_row record;
BEGIN
  v_row := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  PERFORM pg_notify('wps_auth', TG_ARGV[0] || ':' || v_row.id);
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS sessions_auth_changed ON sessions;
CREATE TRIGGER sessions_auth_changed AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
        OR OLD.must_change_password IS DISTINCT FROM NEW.must_change_password
        OR OLD.expires_at IS DISTINCT FROM NEW.expires_at)
  EXECUTE FUNCTION wps_auth_changed('s');

DROP TRIGGER IF EXISTS sessions_auth_deleted ON sessions;
CREATE TRIGGER sessions_auth_deleted AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION wps_auth_changed('s');

DROP TRIGGER IF EXISTS members_auth_changed ON members;
CREATE TRIGGER members_auth_changed AFTER UPDATE ON members FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION wps_auth_changed('m');

DROP TRIGGER IF EXISTS operators_auth_changed ON operators;
CREATE TRIGGER operators_auth_changed AFTER UPDATE OR DELETE ON operators FOR EACH ROW
  EXECUTE FUNCTION wps_auth_changed('o');

DROP TRIGGER IF EXISTS members_auth_deleted ON members;
CREATE TRIGGER members_auth_deleted AFTER DELETE ON members FOR EACH ROW EXECUTE FUNCTION wps_auth_changed('m');
