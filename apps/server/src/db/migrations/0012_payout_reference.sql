ALTER TABLE "withdrawal_requests" ADD COLUMN "payout_reference" text;
