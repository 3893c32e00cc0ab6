-- Functions and their triggers once defined here now live in src/db/functions/ (player_notes_append_only):
-- one current definition each, applied by db/migrate.ts after the migrations.
-- Players and agents in the operator console (issue 16): notes, tags and risk flags, KYC
-- documents, the device a login came from, and prefix indexes for the console's player search.
-- pg_trgm is not assumed: every search is a prefix (text_pattern_ops) or an exact match.
CREATE TABLE "player_notes" (
  "id" serial PRIMARY KEY,
  "member_id" integer NOT NULL REFERENCES "members"("id") ON DELETE CASCADE,
  "author_id" integer,
  "author_account" text NOT NULL,
  "body" text NOT NULL CHECK (length("body") BETWEEN 1 AND 2000),
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "player_notes_member_idx" ON "player_notes" ("member_id", "id");
--> statement-breakpoint
CREATE TABLE "player_labels" (
  "member_id" integer NOT NULL REFERENCES "members"("id") ON DELETE CASCADE,
  "kind" text NOT NULL CHECK ("kind" in ('tag', 'risk')),
  "value" text NOT NULL CHECK (length("value") BETWEEN 1 AND 40),
  "created_by" text NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("member_id", "kind", "value")
);
--> statement-breakpoint
CREATE INDEX "player_labels_value_idx" ON "player_labels" ("kind", "value");
--> statement-breakpoint
CREATE TABLE "player_kyc_documents" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "member_id" integer NOT NULL REFERENCES "members"("id") ON DELETE CASCADE,
  "kind" text NOT NULL CHECK ("kind" in ('id_front', 'id_back', 'selfie', 'address', 'other')),
  "mime" text NOT NULL CHECK ("mime" in ('image/png', 'image/jpeg', 'application/pdf')),
  "size" integer NOT NULL CHECK ("size" > 0),
  "sha256" text NOT NULL,
  "data" bytea NOT NULL,
  "status" text NOT NULL DEFAULT 'pending' CHECK ("status" in ('pending', 'approved', 'rejected')),
  "reason" text,
  "uploaded_by" text NOT NULL,
  "reviewed_by" text,
  "reviewed_at" timestamptz,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "player_kyc_documents_member_idx" ON "player_kyc_documents" ("member_id", "created_at");
--> statement-breakpoint
-- The device a login came from (client-generated id sent as `x-device-id`), for linked accounts.
ALTER TABLE "login_audit" ADD COLUMN "device_id" text;
--> statement-breakpoint
CREATE INDEX "login_audit_member_idx" ON "login_audit" ("member_id", "at") WHERE "member_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "login_audit_device_idx" ON "login_audit" ("device_id", "at") WHERE "device_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "members_account_prefix_idx" ON "members" ("account" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "members_mobile_prefix_idx" ON "members" ("mobile_num" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "members_email_prefix_idx" ON "members" (lower("email") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "members_payee_name_prefix_idx" ON "members" (lower("payee_name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "members_register_ip_idx" ON "members" ("register_ip");
