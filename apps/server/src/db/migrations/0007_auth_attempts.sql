-- The password a second-verification challenge was opened with: a change or reset closes it.
ALTER TABLE "login_challenges" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "login_challenges_member_idx" ON "login_challenges" USING btree ("member_id");
