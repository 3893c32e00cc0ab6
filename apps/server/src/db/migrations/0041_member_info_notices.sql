-- Member info is cached in each server process (members/info.ts) so the players' polling of
-- GET /wps/member/info skips reading the member row. Every change to a member row is therefore
-- announced on `wps_auth` as m:<member> at commit, not only the status, type and account the
-- session cache needs (migration 0018): a profile edit, a bound mobile, a new avatar made on any
-- instance reaches every instance's cache. The session cache drops that member's sessions on
-- the same notice, which costs it one lookup after such a change, never a wrong answer.
DROP TRIGGER IF EXISTS members_auth_changed ON members;
--> statement-breakpoint
CREATE TRIGGER members_auth_changed AFTER UPDATE ON members FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION wps_auth_changed('m');
--> statement-breakpoint
CREATE TRIGGER members_auth_deleted AFTER DELETE ON members FOR EACH ROW EXECUTE FUNCTION wps_auth_changed('m');
