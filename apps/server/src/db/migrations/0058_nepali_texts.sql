-- Nepali where money is decided (issue 27). Operator-authored texts that decide money get a Nepali
-- column beside each English one (empty: the player reads the English). Columns rather than a
-- `translations` jsonb: only English and Nepali have complete catalogues (COMPLETE_LOCALES), the
-- console shows the two side by side, and a typed column keeps the zod contract, the audit diff
-- and the demo seed plain. A third complete language would be a catalogue project anyway.
-- Notices and banners keep their SPEC §3 model: one row per language (empty/null: every language).
ALTER TABLE "promotions" ADD COLUMN "title_ne" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "summary_ne" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "body_ne" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "title_ne" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "description_ne" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "points_products" ADD COLUMN "name_ne" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "points_products" ADD COLUMN "description_ne" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- System messages are written in both languages when sent; the inbox answers in the reader's.
-- Rows from before this migration have no Nepali text and read in English.
ALTER TABLE "member_messages" ADD COLUMN "title_ne" text;--> statement-breakpoint
ALTER TABLE "member_messages" ADD COLUMN "body_ne" text;--> statement-breakpoint
ALTER TABLE "message_broadcasts" ADD COLUMN "title_ne" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "message_broadcasts" ADD COLUMN "body_ne" text DEFAULT '' NOT NULL;
