-- Functions and their triggers once defined here now live in src/db/functions/ (seamless_apply_batch, wps_auth_changed):
-- one current definition each, applied by db/migrate.ts after the migrations.
SELECT 1;
