-- Operators and roles (issue 16): a role per operator (owner, finance, support, content, agents,
-- custom), a TOTP second factor (secret stored encrypted), hashed one-time recovery codes and the
-- short-lived challenge between the password step and the code step of the console sign-in.
ALTER TABLE "operators" ADD COLUMN "role" text NOT NULL DEFAULT 'custom'
  CHECK ("role" IN ('owner', 'finance', 'support', 'content', 'agents', 'custom'));
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_secret" text;
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_pending_secret" text;
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_enabled_at" timestamptz;
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_last_step" bigint;
--> statement-breakpoint
-- The all-powerful operators of before become owners (who must then enrol TOTP).
UPDATE "operators" SET "role" = 'owner' WHERE "permissions" @> '["*"]'::jsonb;
--> statement-breakpoint
CREATE TABLE "operator_recovery_codes" (
  "id" serial PRIMARY KEY,
  "operator_id" integer NOT NULL REFERENCES "operators"("id") ON DELETE CASCADE,
  "code_hash" text NOT NULL,
  "used_at" timestamptz,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "operator_recovery_codes_operator_idx" ON "operator_recovery_codes" ("operator_id");
--> statement-breakpoint
CREATE TABLE "operator_login_challenges" (
  "id" serial PRIMARY KEY,
  "ticket_hash" text NOT NULL,
  "operator_id" integer NOT NULL REFERENCES "operators"("id") ON DELETE CASCADE,
  "ip" text NOT NULL,
  "user_agent" text,
  "attempts" integer NOT NULL DEFAULT 0,
  "expires_at" timestamptz NOT NULL,
  "consumed_at" timestamptz
);
--> statement-breakpoint
CREATE UNIQUE INDEX "operator_login_challenges_ticket_unique" ON "operator_login_challenges" ("ticket_hash");
--> statement-breakpoint
CREATE INDEX "operator_login_challenges_operator_idx" ON "operator_login_challenges" ("operator_id");
