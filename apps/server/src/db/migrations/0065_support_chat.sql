-- Live support (issue 31): a conversation per member or guest, its messages (text or one re-encoded
-- image), and the console's canned answers in English and Nepali. A guest proves its conversation with
-- a random token of which only the hash is kept. Unread counts are kept on the conversation (one per
-- side) so the queue and the player's badge read one row, not a count over messages.
CREATE TABLE "support_conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"guest_name" text,
	"guest_token_hash" text,
	"status" text DEFAULT 'open' NOT NULL,
	"assigned_operator_id" integer,
	"assigned_account" text,
	"last_message" text DEFAULT '' NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"member_unread" integer DEFAULT 0 NOT NULL,
	"operator_unread" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "support_conversations_status" CHECK ("status" in ('open', 'assigned', 'closed')),
	CONSTRAINT "support_conversations_owner" CHECK (("member_id" IS NULL) <> ("guest_token_hash" IS NULL)),
	CONSTRAINT "support_conversations_assigned" CHECK (("status" = 'assigned') = ("assigned_operator_id" IS NOT NULL) OR "status" = 'closed')
);--> statement-breakpoint
CREATE INDEX "support_conversations_member" ON "support_conversations" ("member_id","status");--> statement-breakpoint
CREATE INDEX "support_conversations_queue" ON "support_conversations" ("status","last_message_at");--> statement-breakpoint
CREATE TABLE "support_attachments" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL REFERENCES "support_conversations"("id"),
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL REFERENCES "support_conversations"("id"),
	"author" text NOT NULL,
	"operator_id" integer,
	"author_name" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"attachment_id" text REFERENCES "support_attachments"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_author" CHECK ("author" in ('member', 'guest', 'operator'))
);--> statement-breakpoint
CREATE INDEX "support_messages_conversation" ON "support_messages" ("conversation_id","id");--> statement-breakpoint
CREATE TABLE "support_canned" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"text_en" text NOT NULL,
	"text_ne" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
