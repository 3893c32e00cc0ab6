-- Operator reports (issue 16): indexes for the report queries' date ranges, so a report over a few days reads
-- those days and not every row since launch. Report-only indexes, kept in SQL like the promotions module's
-- (the owning modules' Drizzle schemas do not list them). The bets record already has bets_settled_idx.
CREATE INDEX IF NOT EXISTS "deposit_requests_approved_idx" ON "deposit_requests" USING btree ("reviewed_at") WHERE "status" = 'approved';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deposit_requests_member_approved_idx" ON "deposit_requests" USING btree ("member_id", "reviewed_at") WHERE "status" = 'approved';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "withdrawal_requests_paid_idx" ON "withdrawal_requests" USING btree ("paid_at") WHERE "status" = 'paid';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "members_created_idx" ON "members" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bonus_grants_created_idx" ON "bonus_grants" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bonus_grants_converted_idx" ON "bonus_grants" USING btree ("settled_at") WHERE "status" = 'converted';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rebate_claims_created_idx" ON "rebate_claims" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "points_redemptions_approved_idx" ON "points_redemptions" USING btree ("reviewed_at") WHERE "status" = 'approved';
