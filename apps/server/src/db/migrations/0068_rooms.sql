-- Host rooms (issue 31, SPEC §2 chat room / live streaming): one chat room per configured live host,
-- named by the host's id (LIVE_HOSTS; the rooms are configuration, not rows). Messages keep the
-- member and the name shown at posting time; a deleted message keeps its row (who deleted it and
-- when) but is read by no one. A sanction is one row per member per room: muted until a time,
-- banned, or both, with the operator and reason of the last change (the audit log has the history).
-- The word list is shared by every room; words are kept as the filter compares them (NFC, lower case: rooms/words.ts).
CREATE TABLE "room_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room" text NOT NULL,
	"member_id" integer NOT NULL,
	"member_account" text NOT NULL,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"filtered" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);--> statement-breakpoint
CREATE INDEX "room_messages_room" ON "room_messages" ("room","id") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE TABLE "room_sanctions" (
	"room" text NOT NULL,
	"member_id" integer NOT NULL,
	"member_account" text NOT NULL,
	"muted_until" timestamp with time zone,
	"banned" boolean DEFAULT false NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"operator_id" integer NOT NULL,
	"operator_account" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_sanctions_pk" PRIMARY KEY ("room","member_id")
);--> statement-breakpoint
CREATE TABLE "room_words" (
	"word" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_words_nonempty" CHECK (length("word") > 0)
);
