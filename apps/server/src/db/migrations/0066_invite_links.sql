-- Invite links (issue 31, SPEC "other screens implied": link management). An agent or a referrer
-- keeps several named links, each with a channel; a registration through one is recorded against
-- it (one link per new member), so each link's count is a count of rows, not a counter to drift.
CREATE TABLE "invite_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_links_name_length" CHECK (char_length("name") BETWEEN 1 AND 60),
	CONSTRAINT "invite_links_channel_known" CHECK ("channel" in ('FACEBOOK', 'TIKTOK', 'INSTAGRAM', 'YOUTUBE', 'WHATSAPP', 'VIBER', 'TELEGRAM', 'SMS', 'OTHER'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "invite_links_code_uq" ON "invite_links" ("code");--> statement-breakpoint
CREATE INDEX "invite_links_owner_idx" ON "invite_links" ("owner_id");--> statement-breakpoint
CREATE TABLE "invite_link_signups" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"link_id" bigint NOT NULL REFERENCES "invite_links" ("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "invite_link_signups_link_idx" ON "invite_link_signups" ("link_id");
