-- Web Push to the installed app (issue 31). push_subscriptions (module push): a member's devices,
-- each the browser's push endpoint and its encryption keys; an endpoint belongs to one member (the
-- one who subscribed on that device last). support_presence (module support): which members have a
-- support socket open, one row per member and instance, refreshed while the socket is open, so any
-- instance can tell whether a member is away before it pushes a reply.
CREATE TABLE "push_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL REFERENCES "members"("id") ON DELETE CASCADE,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint" UNIQUE ("endpoint")
);--> statement-breakpoint
CREATE INDEX "push_subscriptions_member" ON "push_subscriptions" ("member_id","id");--> statement-breakpoint
CREATE TABLE "support_presence" (
	"member_id" integer NOT NULL,
	"instance" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("member_id","instance")
);--> statement-breakpoint
CREATE INDEX "support_conversations_guest_token" ON "support_conversations" ("guest_token_hash") WHERE "guest_token_hash" IS NOT NULL;
