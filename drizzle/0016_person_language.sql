-- The language a person reads PlantOps in (a catalogue's code, app/i18n); null: the plant's default.
-- On the user, read with the session, like list_sizes: people share terminals.
ALTER TABLE "users" ADD COLUMN "language" text;