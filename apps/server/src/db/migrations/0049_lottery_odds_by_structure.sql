-- Issue 26: lottery prices per (prize mode, draw STRUCTURE, bet type). One price served the
-- 27-result North draw and the 18-result Central/South draws, so a combination bet could not be
-- right on both (lô trượt 4 at 2.2x returned 105.51 % on Central/South, xiên 2 at 17x 44 %).
-- Today's rows (operator overrides) are copied to every structure their prize mode sells that
-- offers the bet type (LOTT, ZY, ELOTT: north and south; SEA: sea4d); a row no structure of its
-- mode offers (a 4D type under LOTT, a lô under SEA) was never sold and is dropped. Then every
-- (prize mode, structure, bet type) gets the shipped odds, the numbers of @wps/games
-- DEFAULT_ODDS_BY_STRUCTURE (90-98 % RTP each, README "Lottery RTP"): a copied row's odds are
-- replaced too (one number priced for two structures is wrong on at least one of them, and the
-- console wrote the odds with every commission edit), its commission is kept.
ALTER TABLE "lottery_odds" ADD COLUMN "structure" text;
--> statement-breakpoint
ALTER TABLE "lottery_odds" DROP CONSTRAINT "lottery_odds_pk";
--> statement-breakpoint
INSERT INTO "lottery_odds" ("prize_mode", "structure", "bet_type", "odds", "commission_bps", "updated_by", "updated_at")
SELECT o."prize_mode", s."structure", o."bet_type", o."odds", o."commission_bps", o."updated_by", o."updated_at"
FROM "lottery_odds" o
JOIN (VALUES ('LOTT', 'north'), ('LOTT', 'south'), ('ZY', 'north'), ('ZY', 'south'), ('ELOTT', 'north'),
  ('ELOTT', 'south'), ('SEA', 'sea4d')) AS s("prize_mode", "structure") ON s."prize_mode" = o."prize_mode"
WHERE o."structure" IS NULL
  AND (s."structure" = 'sea4d') = (o."bet_type" IN ('big4d', 'small4d', 'd3', 'd2'));
--> statement-breakpoint
DELETE FROM "lottery_odds" WHERE "structure" IS NULL;
--> statement-breakpoint
ALTER TABLE "lottery_odds" ALTER COLUMN "structure" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "lottery_odds" ADD CONSTRAINT "lottery_odds_pk" PRIMARY KEY ("prize_mode","structure","bet_type");
--> statement-breakpoint
ALTER TABLE "lottery_odds" ADD CONSTRAINT "lottery_odds_structure_known" CHECK ("structure" in ('north', 'south', 'sea4d'));
--> statement-breakpoint
INSERT INTO "lottery_odds" ("prize_mode", "structure", "bet_type", "odds", "updated_by")
SELECT v."prize_mode", v."structure", v."bet_type", v."odds", 'migration 0049' FROM (VALUES
  ('LOTT', 'north', 'lo2', '9000'::jsonb),
  ('LOTT', 'north', 'lo3', '90000'::jsonb),
  ('LOTT', 'north', 'de', '9000'::jsonb),
  ('LOTT', 'north', 'dau', '900'::jsonb),
  ('LOTT', 'north', 'duoi', '900'::jsonb),
  ('LOTT', 'north', 'cang3', '90000'::jsonb),
  ('LOTT', 'north', 'xien2', '1700'::jsonb),
  ('LOTT', 'north', 'xien3', '7700'::jsonb),
  ('LOTT', 'north', 'xien4', '35000'::jsonb),
  ('LOTT', 'north', 'truot4', '280'::jsonb),
  ('LOTT', 'north', 'da', '1700'::jsonb),
  ('LOTT', 'south', 'lo2', '9000'::jsonb),
  ('LOTT', 'south', 'lo3', '90000'::jsonb),
  ('LOTT', 'south', 'de', '9000'::jsonb),
  ('LOTT', 'south', 'dau', '900'::jsonb),
  ('LOTT', 'south', 'duoi', '900'::jsonb),
  ('LOTT', 'south', 'cang3', '90000'::jsonb),
  ('LOTT', 'south', 'xien2', '3600'::jsonb),
  ('LOTT', 'south', 'xien3', '24000'::jsonb),
  ('LOTT', 'south', 'xien4', '170000'::jsonb),
  ('LOTT', 'south', 'truot4', '195'::jsonb),
  ('LOTT', 'south', 'da', '3600'::jsonb),
  ('ZY', 'north', 'lo2', '9000'::jsonb),
  ('ZY', 'north', 'lo3', '90000'::jsonb),
  ('ZY', 'north', 'de', '9500'::jsonb),
  ('ZY', 'north', 'dau', '900'::jsonb),
  ('ZY', 'north', 'duoi', '900'::jsonb),
  ('ZY', 'north', 'cang3', '90000'::jsonb),
  ('ZY', 'north', 'xien2', '1700'::jsonb),
  ('ZY', 'north', 'xien3', '7700'::jsonb),
  ('ZY', 'north', 'xien4', '35000'::jsonb),
  ('ZY', 'north', 'truot4', '280'::jsonb),
  ('ZY', 'north', 'da', '1700'::jsonb),
  ('ZY', 'south', 'lo2', '9000'::jsonb),
  ('ZY', 'south', 'lo3', '90000'::jsonb),
  ('ZY', 'south', 'de', '9500'::jsonb),
  ('ZY', 'south', 'dau', '900'::jsonb),
  ('ZY', 'south', 'duoi', '900'::jsonb),
  ('ZY', 'south', 'cang3', '90000'::jsonb),
  ('ZY', 'south', 'xien2', '3600'::jsonb),
  ('ZY', 'south', 'xien3', '24000'::jsonb),
  ('ZY', 'south', 'xien4', '170000'::jsonb),
  ('ZY', 'south', 'truot4', '195'::jsonb),
  ('ZY', 'south', 'da', '3600'::jsonb),
  ('ELOTT', 'north', 'lo2', '9000'::jsonb),
  ('ELOTT', 'north', 'lo3', '90000'::jsonb),
  ('ELOTT', 'north', 'de', '9000'::jsonb),
  ('ELOTT', 'north', 'dau', '900'::jsonb),
  ('ELOTT', 'north', 'duoi', '900'::jsonb),
  ('ELOTT', 'north', 'cang3', '90000'::jsonb),
  ('ELOTT', 'north', 'xien2', '1700'::jsonb),
  ('ELOTT', 'north', 'xien3', '7700'::jsonb),
  ('ELOTT', 'north', 'xien4', '35000'::jsonb),
  ('ELOTT', 'north', 'truot4', '280'::jsonb),
  ('ELOTT', 'north', 'da', '1700'::jsonb),
  ('ELOTT', 'south', 'lo2', '9000'::jsonb),
  ('ELOTT', 'south', 'lo3', '90000'::jsonb),
  ('ELOTT', 'south', 'de', '9000'::jsonb),
  ('ELOTT', 'south', 'dau', '900'::jsonb),
  ('ELOTT', 'south', 'duoi', '900'::jsonb),
  ('ELOTT', 'south', 'cang3', '90000'::jsonb),
  ('ELOTT', 'south', 'xien2', '3600'::jsonb),
  ('ELOTT', 'south', 'xien3', '24000'::jsonb),
  ('ELOTT', 'south', 'xien4', '170000'::jsonb),
  ('ELOTT', 'south', 'truot4', '195'::jsonb),
  ('ELOTT', 'south', 'da', '3600'::jsonb),
  ('SEA', 'sea4d', 'big4d', '{"P1":350000,"P2":150000,"P3":80000,"SP":26000,"CO":10000}'::jsonb),
  ('SEA', 'sea4d', 'small4d', '{"P1":500000,"P2":300000,"P3":140000}'::jsonb),
  ('SEA', 'sea4d', 'd3', '{"P1":63000,"P2":21000,"P3":10000}'::jsonb),
  ('SEA', 'sea4d', 'd2', '{"P1":9400}'::jsonb)
) AS v("prize_mode", "structure", "bet_type", "odds")
ON CONFLICT ("prize_mode", "structure", "bet_type") DO UPDATE
SET "odds" = excluded."odds", "updated_by" = excluded."updated_by", "updated_at" = now();
