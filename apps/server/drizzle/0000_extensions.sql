-- Trigram indexes back the keyword searches (feeds, clothes, e-mail). drizzle-kit never writes CREATE EXTENSION.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
