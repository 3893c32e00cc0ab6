-- A failed attempt that will be retried is 'retry' (after retry_at, on the database clock); 'failed'
-- now means exhausted: a visible failure that blocks the job's later periods until an operator
-- runs it again. Runs that failed before this migration with attempts left become 'retry'.
ALTER TABLE "job_runs" DROP CONSTRAINT "job_runs_status_known";--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "retry_at" timestamp with time zone;--> statement-breakpoint
UPDATE "job_runs" SET "status" = 'retry' WHERE "status" = 'failed' AND "attempts" < 5;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_status_known" CHECK ("job_runs"."status" in ('running', 'retry', 'done', 'failed'));--> statement-breakpoint
CREATE INDEX "job_runs_job_status_idx" ON "job_runs" USING btree ("job","status","period_start");
