-- Functions and their triggers once defined here now live in src/db/functions/ (bets_final_below, bets_writers_running):
-- one current definition each, applied by db/migrate.ts after the migrations.
SELECT 1;
