-- Every distinct two-character substring of a text, lower-cased: the keys of the keyword-search GIN indexes
-- (feeds.content, users.name). A term of two or more characters occurs in a text only if all its bigrams are
-- among the text's, so `otboo_bigrams(col) @> otboo_bigrams(term)` narrows an ILIKE through the index.
-- Unlike pg_trgm it finds two-letter words ('코트') and does not depend on the locale's LC_CTYPE (under C,
-- pg_trgm extracts nothing from Hangul). string_to_array(…, NULL) splits into characters in one pass.
CREATE OR REPLACE FUNCTION otboo_bigrams(value text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT coalesce(array_agg(DISTINCT chars[i] || chars[i + 1]), '{}'::text[])
  FROM (SELECT string_to_array(lower(value), NULL) AS chars) AS s,
       generate_series(1, cardinality(s.chars) - 1) AS i
$$;
