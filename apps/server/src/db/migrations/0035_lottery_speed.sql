-- Issue 15, measured: settlement updates every ticket of a draw once. With `status` in an index
-- no update could be HOT (every one wrote four index entries); the draw index drops it
-- (settlement filters the open tickets on the heap) and the table keeps half of each page free,
-- so a ticket's settled version fits beside it and no index is written at all.
DROP INDEX IF EXISTS "lottery_tickets_draw_idx";
--> statement-breakpoint
CREATE INDEX "lottery_tickets_draw_idx" ON "lottery_tickets" USING btree ("draw_id","id");
--> statement-breakpoint
ALTER TABLE "lottery_tickets" SET (fillfactor = 50);
--> statement-breakpoint
-- The per-draw total was one row ('~', '*') that every bet of the draw locked until its commit.
-- It is now 16 shard rows ('~', '*00' … '*15'), each allowed its share of the draw's limit
-- (service.ts). An open draw's total moves to the shards split the same way as the limit, so no
-- shard starts above its share of a limit the total was within.
INSERT INTO "lottery_exposure" ("draw_id", "bet_type", "number", "stake")
SELECT e."draw_id", '~', '*' || lpad(s::text, 2, '0'), e."stake" / 16 + CASE WHEN s < e."stake" % 16 THEN 1 ELSE 0 END
FROM "lottery_exposure" e, generate_series(0, 15) s
WHERE e."bet_type" = '~' AND e."number" = '*'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "lottery_exposure" WHERE "bet_type" = '~' AND "number" = '*';
