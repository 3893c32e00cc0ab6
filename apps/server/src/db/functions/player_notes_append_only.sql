-- player_notes_append_only: the current definition. db/migrate.ts applies this file after the migrations, in one
-- transaction, whenever its hash changes. Earlier definitions: migrations 0025 (git history).

-- Notes are append-only: a correction is a new note.
CREATE OR REPLACE FUNCTION player_notes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'player_notes is append-only';
END $$;

DROP TRIGGER IF EXISTS player_notes_no_change ON "player_notes";
CREATE TRIGGER player_notes_no_change BEFORE UPDATE OR DELETE ON "player_notes"
  FOR EACH ROW EXECUTE FUNCTION player_notes_append_only();
