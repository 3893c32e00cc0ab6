-- Functions and their triggers once defined here now live in src/db/functions/ (seamless_apply, wallet_post, wps_refuse_change):
-- one current definition each, applied by db/migrate.ts after the migrations.
-- Money hardening (issue 7): vendor secrets live with the data, wins need a bet, a disabled
-- player is refused in the bet's own statement, wallet_post refuses repeated accounts, deposit
-- channels cannot borrow the payout clearing accounts, receipts keep an append-only history.

-- Seamless vendors. The secret is stored readable because the server computes the HMAC with it
-- (a hash would not do); it is not encrypted at rest because APP_SECRET is optional outside
-- production (random per process), so no stable key exists to encrypt it with. A vendor without
-- a secret here or in SEAMLESS_VENDOR_SECRETS is refused.
CREATE TABLE "seamless_vendors" (
	"code" text PRIMARY KEY NOT NULL,
	"secret" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"allow_betless_wins" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	CONSTRAINT "seamless_vendors_code_format" CHECK ("seamless_vendors"."code" ~ '^[A-Z0-9_]{1,32}$'),
	CONSTRAINT "seamless_vendors_secret_length" CHECK ("seamless_vendors"."secret" is null or length("seamless_vendors"."secret") >= 32)
);
--> statement-breakpoint
-- Deposit channels must not be named like the payout clearing accounts (channel_clearing:PAYOUT_…),
-- or a deposit approval would draw on the money withdrawals are paid from. NOT VALID: rows that
-- predate the rule stay readable; every insert and update is checked.
ALTER TABLE "payment_channels" ADD CONSTRAINT "payment_channels_code_not_payout"
	CHECK (upper("code") NOT LIKE 'PAYOUT\_%') NOT VALID;
--> statement-breakpoint
-- Every receipt answer (member, auto-receipt job, operator resolution), in order. The row on
-- withdrawal_requests is the current state; this is how it got there, and it is never changed.
CREATE TABLE "withdrawal_receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"withdrawal_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"received_amount" bigint NOT NULL,
	"proof_upload_id" uuid,
	"note" text,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_receipts_actor_known" CHECK ("withdrawal_receipts"."actor_type" in ('member', 'job', 'operator'))
);
--> statement-breakpoint
CREATE INDEX "withdrawal_receipts_withdrawal_idx" ON "withdrawal_receipts" USING btree ("withdrawal_id","id");
