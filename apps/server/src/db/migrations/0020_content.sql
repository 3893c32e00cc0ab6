-- Site content (issue 13): images, banners, notices and read state, help articles, feedback tickets.
CREATE TABLE "content_images" (
  "id" text PRIMARY KEY,
  "width" integer NOT NULL CHECK ("width" > 0),
  "height" integer NOT NULL CHECK ("height" > 0),
  "uploaded_by" text NOT NULL,
  "public" boolean NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "content_image_variants" (
  "image_id" text NOT NULL REFERENCES "content_images"("id") ON DELETE CASCADE,
  "width" integer NOT NULL CHECK ("width" > 0),
  "height" integer NOT NULL CHECK ("height" > 0),
  "mime" text NOT NULL,
  "data" bytea NOT NULL,
  PRIMARY KEY ("image_id", "width")
);
--> statement-breakpoint
CREATE TABLE "banners" (
  "id" serial PRIMARY KEY,
  "group_name" text NOT NULL CHECK ("group_name" in ('w_home', 'w_leftmenu', 'w_login', 'w_register', 'w_forget')),
  "title" text NOT NULL DEFAULT '',
  "image_id" text NOT NULL REFERENCES "content_images"("id"),
  "linkage_type" text NOT NULL CHECK ("linkage_type" in ('none', 'url', 'route')),
  "link" text,
  "language" text,
  "starts_at" timestamptz,
  "ends_at" timestamptz,
  "sort" integer NOT NULL DEFAULT 0,
  "enabled" boolean NOT NULL DEFAULT true,
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  CHECK ("ends_at" IS NULL OR "starts_at" IS NULL OR "ends_at" > "starts_at")
);
--> statement-breakpoint
CREATE INDEX "banners_group_idx" ON "banners" ("group_name", "sort");
--> statement-breakpoint
CREATE TABLE "notices" (
  "id" serial PRIMARY KEY,
  "type" text NOT NULL CHECK ("type" in ('B', 'PL', 'PU', 'PR', 'H')),
  "execution" text NOT NULL CHECK ("execution" in ('A', 'B', 'F')),
  "title" text NOT NULL,
  "content" text NOT NULL,
  "languages" text[] NOT NULL DEFAULT '{}'::text[],
  "starts_at" timestamptz,
  "ends_at" timestamptz,
  "sort" integer NOT NULL DEFAULT 0,
  "enabled" boolean NOT NULL DEFAULT true,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  CHECK ("ends_at" IS NULL OR "starts_at" IS NULL OR "ends_at" > "starts_at")
);
--> statement-breakpoint
CREATE TABLE "notice_reads" (
  "member_id" integer NOT NULL,
  "notice_id" integer NOT NULL REFERENCES "notices"("id") ON DELETE CASCADE,
  "read_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("member_id", "notice_id")
);
--> statement-breakpoint
CREATE TABLE "help_articles" (
  "id" serial PRIMARY KEY,
  "language" text NOT NULL,
  "device" text NOT NULL CHECK ("device" in ('WEB', 'ALL')),
  "anchor" text NOT NULL,
  "title" text NOT NULL,
  "content" text NOT NULL,
  "sort" integer NOT NULL DEFAULT 0,
  "enabled" boolean NOT NULL DEFAULT true,
  "updated_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "help_articles_anchor_uq" ON "help_articles" ("language", "device", "anchor");
--> statement-breakpoint
CREATE TABLE "feedback_tickets" (
  "id" serial PRIMARY KEY,
  "member_id" integer,
  "member_account" text,
  "type" integer NOT NULL CHECK ("type" in (0, 1, 2, 3, 4, 6)),
  "content" text NOT NULL,
  "sender" text NOT NULL,
  "status" text NOT NULL DEFAULT 'open' CHECK ("status" in ('open', 'answered', 'closed')),
  "proof_image_id" text REFERENCES "content_images"("id"),
  "ip" text,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "feedback_tickets_member_idx" ON "feedback_tickets" ("member_id", "id");
--> statement-breakpoint
CREATE INDEX "feedback_tickets_status_idx" ON "feedback_tickets" ("status", "id");
--> statement-breakpoint
CREATE TABLE "feedback_replies" (
  "id" serial PRIMARY KEY,
  "ticket_id" integer NOT NULL REFERENCES "feedback_tickets"("id"),
  "author" text NOT NULL CHECK ("author" in ('operator', 'member')),
  "author_account" text NOT NULL,
  "body" text NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "feedback_replies_ticket_idx" ON "feedback_replies" ("ticket_id", "id");
