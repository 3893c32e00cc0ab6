-- Deposits through payment providers (issue 29, modules/payments): eSewa ePay v2 and Khalti KPG-2.
-- A provider channel is a payment channel the provider's API settles (gateway), never an operator
-- by hand; its deposits are ordinary deposit requests, credited through the cashier's approval.
ALTER TABLE "payment_channels" ADD COLUMN "gateway" text;--> statement-breakpoint
ALTER TABLE "payment_channels" ADD CONSTRAINT "payment_channels_gateway_known" CHECK ("payment_channels"."gateway" is null or "payment_channels"."gateway" in ('esewa', 'khalti'));--> statement-breakpoint
CREATE UNIQUE INDEX "payment_channels_gateway_unique" ON "payment_channels" USING btree ("gateway") WHERE "payment_channels"."gateway" is not null;--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"order_id" text NOT NULL,
	"deposit_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"pidx" text,
	"payment_url" text,
	"provider_ref" text,
	"provider_status" text,
	"checks" integer DEFAULT 0 NOT NULL,
	"last_checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"last_error" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_orders_provider_known" CHECK ("payment_orders"."provider" in ('esewa', 'khalti')),
	CONSTRAINT "payment_orders_state_known" CHECK ("payment_orders"."state" in ('pending', 'credited', 'canceled', 'expired', 'refused')),
	CONSTRAINT "payment_orders_positive" CHECK ("payment_orders"."amount" > 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_order_unique" ON "payment_orders" USING btree ("provider","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_deposit_unique" ON "payment_orders" USING btree ("deposit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_pidx_unique" ON "payment_orders" USING btree ("pidx") WHERE "payment_orders"."pidx" is not null;--> statement-breakpoint
CREATE INDEX "payment_orders_due_idx" ON "payment_orders" USING btree ("next_check_at") WHERE "payment_orders"."state" = 'pending';
