-- Issue 14: missions (daily/weekly tasks) with once-paid rewards, the mission leaderboard, VIP levels.
CREATE TABLE "missions" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"period" text NOT NULL,
	"metric" text NOT NULL,
	"game_type" text,
	"target" bigint NOT NULL,
	"reward" bigint NOT NULL,
	"wagering_multiplier" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "missions_period_known" CHECK ("period" in ('day', 'week')),
	CONSTRAINT "missions_metric_known" CHECK ("metric" in ('valid_bet', 'rounds', 'deposit')),
	CONSTRAINT "missions_money" CHECK ("target" > 0 AND "reward" > 0),
	CONSTRAINT "missions_wagering" CHECK ("wagering_multiplier" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "mission_progress" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mission_id" integer NOT NULL REFERENCES "missions"("id"),
	"member_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"progress" bigint DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"reward" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mission_progress_uq" ON "mission_progress" USING btree ("mission_id","member_id","period_start");
--> statement-breakpoint
CREATE INDEX "mission_progress_member_idx" ON "mission_progress" USING btree ("member_id","period_start");
--> statement-breakpoint
CREATE TABLE "mission_turnover" (
	"period" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"member_id" integer NOT NULL,
	"valid_stake" bigint DEFAULT 0 NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mission_turnover_pk" PRIMARY KEY("period","period_start","member_id")
);
--> statement-breakpoint
CREATE INDEX "mission_turnover_rank_idx" ON "mission_turnover" USING btree ("period","period_start","valid_stake");
--> statement-breakpoint
CREATE TABLE "vip_levels" (
	"level" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"min_turnover" bigint NOT NULL,
	"min_deposits" bigint NOT NULL,
	"bonus" bigint NOT NULL,
	CONSTRAINT "vip_levels_money" CHECK ("level" > 0 AND "min_turnover" >= 0 AND "min_deposits" >= 0 AND "bonus" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vip_members" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"turnover" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_level_awards" (
	"member_id" integer NOT NULL,
	"level" integer NOT NULL,
	"bonus" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_level_awards_pk" PRIMARY KEY("member_id","level")
);
