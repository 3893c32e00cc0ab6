-- Issue 12, measured: the team overview from rollups instead of the raw bets record.
--
-- bets_team_daily: per business day (UTC + the configured business offset) and member, the sums
-- of its real (non-trial) bet rows, kept by the `agent-team-rollup` consumer of the bets record
-- (DESIGN §7: rows are changes, a rollback is a negative row, so adding each row once is exact).
-- The upline path is part of the key as in bets_daily: a member moved to another agent leaves
-- two rows, each counting for the team the bets were placed under. A team's rows are found by the
-- path's GIN index (the member's own by the primary key), a day range by the day index.
-- Half-empty pages: the consumer updates a (day, member) row at every run, and with room on its
-- page the update is HOT (no new GIN entry, no dead tuple for vacuum to find): at 100 % fill,
-- catching up 10M bets left 260K GIN entries for a top agent's 5K rows (1.3 s to read them).
CREATE TABLE bets_team_daily (
  day date NOT NULL,
  member_id integer NOT NULL,
  upline_path integer[] NOT NULL,
  valid_stake bigint NOT NULL DEFAULT 0,
  stake bigint NOT NULL DEFAULT 0,
  payout bigint NOT NULL DEFAULT 0,
  CONSTRAINT bets_team_daily_pk PRIMARY KEY (member_id, day, upline_path)
) WITH (fillfactor = 50);
--> statement-breakpoint
CREATE INDEX bets_team_daily_upline_idx ON bets_team_daily USING gin (upline_path);
--> statement-breakpoint
CREATE INDEX bets_team_daily_day_idx ON bets_team_daily (day);
