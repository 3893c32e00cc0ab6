-- member_upline_path: the current definition. db/migrate.ts applies this file after the migrations, in one
-- transaction, whenever its hash changes. Earlier definitions: migrations 0010 (git history).

-- The member's uplines, root first (the tree is members.parent_id today; issue 12 may replace
-- this with its own closure or path, and only this function changes).
CREATE OR REPLACE FUNCTION member_upline_path(p_member integer) RETURNS integer[] LANGUAGE sql STABLE AS $$
  WITH RECURSIVE up(id, depth) AS (
    SELECT parent_id, 1 FROM members WHERE id = p_member AND parent_id IS NOT NULL
    UNION ALL
    SELECT m.parent_id, up.depth + 1 FROM members m JOIN up ON m.id = up.id
    WHERE m.parent_id IS NOT NULL AND up.depth < 64
  )
  SELECT coalesce(array_agg(id ORDER BY depth DESC), '{}') FROM up
$$;
