-- Player protection (issue 16): player limits with cooling-off, time-outs and self-exclusions with
-- the identity data they were taken on, bet reservations against limits, and refusals for the report.
CREATE TABLE "protection_members" (
  "member_id" integer PRIMARY KEY REFERENCES "members"("id") ON DELETE CASCADE,
  "restricted" boolean NOT NULL DEFAULT false,
  "reality_minutes" integer NOT NULL DEFAULT 60 CHECK ("reality_minutes" BETWEEN 10 AND 240),
  "last_login_at" timestamptz,
  "previous_login_at" timestamptz,
  "play_day" text,
  "play_day_started_at" timestamptz,
  "updated_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "protection_limits" (
  "member_id" integer NOT NULL REFERENCES "members"("id") ON DELETE CASCADE,
  "kind" text NOT NULL CHECK ("kind" IN ('deposit', 'loss', 'wager', 'session')),
  "period" text NOT NULL CHECK ("period" IN ('day', 'week', 'month')),
  "value" bigint CHECK ("value" IS NULL OR "value" > 0),
  "pending" boolean NOT NULL DEFAULT false,
  "pending_value" bigint CHECK ("pending_value" IS NULL OR "pending_value" > 0),
  "effective_at" timestamptz,
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("member_id", "kind", "period")
);
--> statement-breakpoint
CREATE TABLE "protection_exclusions" (
  "id" serial PRIMARY KEY,
  "member_id" integer NOT NULL REFERENCES "members"("id") ON DELETE CASCADE,
  "kind" text NOT NULL CHECK ("kind" IN ('timeout', 'self')),
  "starts_at" timestamptz NOT NULL,
  "ends_at" timestamptz,
  "mobile" text,
  "email" text,
  "id_number" text,
  "name" text,
  "birthday" text,
  "created_by" text NOT NULL,
  "note" text,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "protection_exclusions_member_idx" ON "protection_exclusions" ("member_id");
--> statement-breakpoint
CREATE INDEX "protection_exclusions_mobile_idx" ON "protection_exclusions" ("mobile") WHERE "mobile" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "protection_exclusions_email_idx" ON "protection_exclusions" ("email") WHERE "email" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "protection_exclusions_id_number_idx" ON "protection_exclusions" ("id_number") WHERE "id_number" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "protection_reservations" (
  "id" bigserial PRIMARY KEY,
  "member_id" integer NOT NULL REFERENCES "members"("id") ON DELETE CASCADE,
  "amount" bigint NOT NULL CHECK ("amount" > 0),
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "protection_reservations_member_idx" ON "protection_reservations" ("member_id");
--> statement-breakpoint
CREATE TABLE "protection_refusals" (
  "id" bigserial PRIMARY KEY,
  "member_id" integer NOT NULL REFERENCES "members"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "period" text,
  "context" text NOT NULL,
  "limit_value" bigint,
  "attempted" bigint,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "protection_refusals_created_idx" ON "protection_refusals" ("created_at");
