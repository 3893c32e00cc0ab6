-- Functions and their triggers once defined here now live in src/db/functions/ (wallet_post_many):
-- one current definition each, applied by db/migrate.ts after the migrations.
SELECT 1;
