CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"actor_account" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"period" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"owner" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"result" jsonb,
	"error" text,
	CONSTRAINT "job_runs_status_known" CHECK ("job_runs"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "cashier_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"request_key" text NOT NULL,
	"channel_id" integer NOT NULL,
	"channel_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text NOT NULL,
	"proof_upload_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" integer,
	"reviewed_by_account" text,
	"reviewed_at" timestamp with time zone,
	"review_note" text,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_requests_status_known" CHECK ("deposit_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "deposit_requests_positive" CHECK ("deposit_requests"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"bank_name" text,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"qr_upload_id" uuid,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"instructions" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_channels_kind_known" CHECK ("payment_channels"."kind" in ('bank', 'wallet')),
	CONSTRAINT "payment_channels_limits" CHECK ("payment_channels"."min_amount" > 0 and "payment_channels"."max_amount" >= "payment_channels"."min_amount")
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "payout_accounts_kind_known" CHECK ("payout_accounts"."kind" in ('bank', 'wallet'))
);
--> statement-breakpoint
CREATE TABLE "withdrawal_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"request_key" text NOT NULL,
	"payout_account_id" integer NOT NULL,
	"payout_kind" text NOT NULL,
	"payout_provider" text NOT NULL,
	"payout_account_number" text NOT NULL,
	"payout_account_name" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"hold_id" bigint,
	"reviewed_by" integer,
	"reviewed_by_account" text,
	"reviewed_at" timestamp with time zone,
	"review_note" text,
	"paid_at" timestamp with time zone,
	"receipt_status" text,
	"received_amount" bigint DEFAULT 0 NOT NULL,
	"receipt_proof_upload_id" uuid,
	"receipt_note" text,
	"receipt_deadline" timestamp with time zone,
	"receipt_at" timestamp with time zone,
	"resolution" text,
	"resolution_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_requests_status_known" CHECK ("withdrawal_requests"."status" in ('pending', 'paid', 'rejected')),
	CONSTRAINT "withdrawal_requests_receipt_known" CHECK ("withdrawal_requests"."receipt_status" is null or "withdrawal_requests"."receipt_status" in ('awaiting', 'received', 'partial', 'all_received', 'not_received', 'auto_received', 'resolved')),
	CONSTRAINT "withdrawal_requests_positive" CHECK ("withdrawal_requests"."amount" > 0),
	CONSTRAINT "withdrawal_requests_received_range" CHECK ("withdrawal_requests"."received_amount" >= 0 and "withdrawal_requests"."received_amount" <= "withdrawal_requests"."amount")
);
--> statement-breakpoint
CREATE TABLE "seamless_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vendor" text NOT NULL,
	"round_id" text NOT NULL,
	"member_id" integer NOT NULL,
	"trial" boolean DEFAULT false NOT NULL,
	"game_code" text,
	"bet_total" bigint DEFAULT 0 NOT NULL,
	"win_total" bigint DEFAULT 0 NOT NULL,
	"refund_total" bigint DEFAULT 0 NOT NULL,
	"bet_count" integer DEFAULT 0 NOT NULL,
	"win_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seamless_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vendor" text NOT NULL,
	"tx_id" text NOT NULL,
	"kind" text NOT NULL,
	"round_id" text,
	"ref_tx_id" text,
	"member_id" integer NOT NULL,
	"trial" boolean DEFAULT false NOT NULL,
	"game_code" text,
	"amount" bigint,
	"status" text NOT NULL,
	"code" text DEFAULT 'OK' NOT NULL,
	"balance_after" bigint,
	"ledger_transaction_id" bigint,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seamless_transactions_kind_known" CHECK ("seamless_transactions"."kind" in ('bet', 'win', 'rollback', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"member_id" integer,
	"ref" text,
	"shard" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'NPR' NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_type_known" CHECK ("ledger_accounts"."type" in ('player_cash', 'player_bonus', 'player_hold', 'trial', 'agent_commission', 'house', 'trial_house', 'channel_clearing', 'trial_issuance', 'promotion', 'adjustment')),
	CONSTRAINT "ledger_accounts_member_non_negative" CHECK ("ledger_accounts"."balance" >= 0 or "ledger_accounts"."type" in ('house', 'trial_house', 'channel_clearing', 'trial_issuance', 'promotion', 'adjustment'))
);
--> statement-breakpoint
CREATE TABLE "ledger_holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"hold_transaction_id" bigint NOT NULL,
	"settle_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "ledger_holds_status_known" CHECK ("ledger_holds"."status" in ('pending', 'posted', 'voided')),
	CONSTRAINT "ledger_holds_positive" CHECK ("ledger_holds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"balance_before" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"account_version" bigint NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_postings_nonzero" CHECK ("ledger_postings"."amount" <> 0),
	CONSTRAINT "ledger_postings_arithmetic" CHECK ("ledger_postings"."balance_after" = "ledger_postings"."balance_before" + "ledger_postings"."amount")
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"reason" text NOT NULL,
	"fingerprint" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_job_period_unique" ON "job_runs" USING btree ("job","period");--> statement-breakpoint
CREATE INDEX "cashier_uploads_owner_idx" ON "cashier_uploads" USING btree ("owner_type","owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_requests_key_unique" ON "deposit_requests" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "deposit_requests_status_idx" ON "deposit_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "deposit_requests_member_idx" ON "deposit_requests" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_channels_code_unique" ON "payment_channels" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_active_unique" ON "payout_accounts" USING btree ("member_id","kind","provider","account_number") WHERE "payout_accounts"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_requests_key_unique" ON "withdrawal_requests" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "withdrawal_requests_status_idx" ON "withdrawal_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "withdrawal_requests_member_idx" ON "withdrawal_requests" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawal_requests_receipt_idx" ON "withdrawal_requests" USING btree ("receipt_status","receipt_deadline");--> statement-breakpoint
CREATE UNIQUE INDEX "seamless_rounds_vendor_round_unique" ON "seamless_rounds" USING btree ("vendor","round_id");--> statement-breakpoint
CREATE INDEX "seamless_rounds_member_idx" ON "seamless_rounds" USING btree ("member_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seamless_transactions_vendor_tx_unique" ON "seamless_transactions" USING btree ("vendor","tx_id");--> statement-breakpoint
CREATE INDEX "seamless_transactions_round_idx" ON "seamless_transactions" USING btree ("vendor","round_id");--> statement-breakpoint
CREATE INDEX "seamless_transactions_member_idx" ON "seamless_transactions" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_key_unique" ON "ledger_accounts" USING btree ("key");--> statement-breakpoint
CREATE INDEX "ledger_accounts_member_idx" ON "ledger_accounts" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_holds_key_unique" ON "ledger_holds" USING btree ("key");--> statement-breakpoint
CREATE INDEX "ledger_holds_member_idx" ON "ledger_holds" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_postings_account_version_unique" ON "ledger_postings" USING btree ("account_id","account_version");--> statement-breakpoint
CREATE INDEX "ledger_postings_transaction_idx" ON "ledger_postings" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_created_idx" ON "ledger_postings" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_key_unique" ON "ledger_transactions" USING btree ("idempotency_key");