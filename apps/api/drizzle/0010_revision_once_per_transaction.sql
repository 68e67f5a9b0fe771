-- A booking's revision moves once per transaction, not once per row the transaction writes
-- (issue 11: saving a booking of two passengers bumped its row six times, each a new row version).
-- The detail cache only needs it to differ after the commit; a booking row this transaction has
-- already written (its xmin is this transaction) has moved, or is new and unseen by any reader.
CREATE FUNCTION "booking_untouched_here"("row_xmin" xid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT "row_xmin"::text <> (pg_current_xact_id()::text::bigint % 4294967296)::text
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "booking_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "bookings" SET "revision" = "revision" + 1
      WHERE "id" = OLD."booking_id" AND "booking_untouched_here"("xmin");
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."booking_id" IS DISTINCT FROM OLD."booking_id") THEN
    UPDATE "bookings" SET "revision" = "revision" + 1
      WHERE "id" = NEW."booking_id" AND "booking_untouched_here"("xmin");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "booking_client_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD."client_id" ELSE NEW."client_id" END;
BEGIN
  UPDATE "bookings" SET "revision" = "revision" + 1
    WHERE "id" IN (SELECT "booking_id" FROM "passenger_slots" WHERE "client_id" = changed)
      AND "booking_untouched_here"("xmin");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "booking_client_record_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD."id" ELSE NEW."id" END;
BEGIN
  UPDATE "bookings" SET "revision" = "revision" + 1
    WHERE "id" IN (SELECT "booking_id" FROM "passenger_slots" WHERE "client_id" = changed)
      AND "booking_untouched_here"("xmin");
  RETURN NULL;
END $$;
