-- Functions and their triggers once defined here now live in src/db/functions/ (seamless_apply):
-- one current definition each, applied by db/migrate.ts after the migrations.
SELECT 1;
