-- Keeps feed_counts exact for every way feeds change: posts, deletes, cascades from a deleted user, truncate.
-- Statement-level with transition tables, so a bulk statement updates each counter row once. Counter rows
-- are touched in key order, so concurrent statements cannot deadlock on them.
CREATE OR REPLACE FUNCTION otboo_feed_counts_added() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO feed_counts (sky_status, precipitation_type, feed_count)
  SELECT sky_status, precipitation_type, count(*) FROM added GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (sky_status, precipitation_type) DO UPDATE SET feed_count = feed_counts.feed_count + excluded.feed_count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION otboo_feed_counts_removed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE feed_counts AS c SET feed_count = c.feed_count - r.n
  FROM (SELECT sky_status, precipitation_type, count(*) AS n FROM removed GROUP BY 1, 2 ORDER BY 1, 2) AS r
  WHERE c.sky_status = r.sky_status AND c.precipitation_type = r.precipitation_type;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION otboo_feed_counts_truncated() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM feed_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER feeds_counts_added AFTER INSERT ON feeds
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION otboo_feed_counts_added();
--> statement-breakpoint
CREATE TRIGGER feeds_counts_removed AFTER DELETE ON feeds
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION otboo_feed_counts_removed();
--> statement-breakpoint
CREATE TRIGGER feeds_counts_truncated AFTER TRUNCATE ON feeds
  FOR EACH STATEMENT EXECUTE FUNCTION otboo_feed_counts_truncated();
--> statement-breakpoint
INSERT INTO feed_counts (sky_status, precipitation_type, feed_count)
SELECT sky_status, precipitation_type, count(*) FROM feeds GROUP BY 1, 2
ON CONFLICT (sky_status, precipitation_type) DO UPDATE SET feed_count = excluded.feed_count;
