-- Free trial for signed-in players (issue 31, SPEC §2/§3: supportPlay 0 = free trial). A real
-- member's free-trial launch plays as their own trial member (type 4, its "twin"), so every
-- vendor, aggregator, seamless and in-house path sees a trial account and moves play money only.
-- One twin per member (the primary key), one member per twin (the unique index).
CREATE TABLE "member_trial_twins" (
	"member_id" integer PRIMARY KEY NOT NULL REFERENCES "members" ("id") ON DELETE CASCADE,
	"twin_id" integer NOT NULL REFERENCES "members" ("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_trial_twins_not_self" CHECK ("member_id" <> "twin_id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "member_trial_twins_twin_uq" ON "member_trial_twins" ("twin_id");
