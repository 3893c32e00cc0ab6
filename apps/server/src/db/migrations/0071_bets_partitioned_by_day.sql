-- Issue 30: on PostgreSQL the bets record is partitioned by business day (native range
-- partitioning on settled_at), so a day of millions of bets inserts into small, hot indexes and an
-- old day leaves by a detach instead of a delete. PGlite, the embedded single-process default,
-- keeps one table. Migrations run on both back ends and hold no procedural code (DO blocks are
-- refused, db/functions.test.ts), so the conversion itself is PostgreSQL-only code that
-- db/migrate.ts runs after the migrations: modules/bets/partitions.ts `partitionBetsTable`. The
-- `bets-partitions` job then creates the days ahead, empties the default partition into its days
-- and applies the retention setting.

-- Each archived day of the record, with its sums, so an auditor can reconcile what left the live
-- table against the export or the archive table that holds it (both back ends: PGlite never
-- archives, but the table is the same everywhere).
CREATE TABLE "bets_archived_days" (
	"day" date PRIMARY KEY NOT NULL,
	-- The day's instants, [range_start, range_end): aggregates never rebuild a period they overlap.
	"range_start" timestamp with time zone NOT NULL,
	"range_end" timestamp with time zone NOT NULL,
	"partition_name" text NOT NULL,
	"rows" bigint NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"valid_stake" bigint NOT NULL,
	-- 'tablespace' (detached and moved to the archive tablespace, kept as archive_table) or
	-- 'export' (copied to export_file, whose SHA-256 is recorded, then dropped).
	"method" text NOT NULL,
	"archive_table" text,
	"export_file" text,
	"export_sha256" text,
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bets_archived_days_method_known" CHECK ("method" in ('tablespace', 'export')),
	CONSTRAINT "bets_archived_days_where" CHECK (
		("method" = 'tablespace' AND "archive_table" IS NOT NULL)
		OR ("method" = 'export' AND "export_file" IS NOT NULL AND "export_sha256" IS NOT NULL))
);
