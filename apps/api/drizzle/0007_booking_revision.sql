ALTER TABLE "bookings" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The booking detail cache (src/modules/bookings/detail-cache.ts) serves a booking's detail again
-- while its revision has not moved. Whatever changes the booking or a row its detail shows moves
-- it, in the same transaction: nothing in the code has to remember to.
CREATE FUNCTION "bookings_next_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."revision" = OLD."revision" THEN
    NEW."revision" := OLD."revision" + 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bookings_revision" BEFORE UPDATE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "bookings_next_revision"();
--> statement-breakpoint
CREATE FUNCTION "booking_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "bookings" SET "revision" = "revision" + 1 WHERE "id" = OLD."booking_id";
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."booking_id" IS DISTINCT FROM OLD."booking_id") THEN
    UPDATE "bookings" SET "revision" = "revision" + 1 WHERE "id" = NEW."booking_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "booking_passenger_lines_revision" AFTER INSERT OR UPDATE OR DELETE ON "booking_passenger_lines"
  FOR EACH ROW EXECUTE FUNCTION "booking_row_changed"();
--> statement-breakpoint
CREATE TRIGGER "booking_hotel_lines_revision" AFTER INSERT OR UPDATE OR DELETE ON "booking_hotel_lines"
  FOR EACH ROW EXECUTE FUNCTION "booking_row_changed"();
--> statement-breakpoint
CREATE TRIGGER "booking_service_lines_revision" AFTER INSERT OR UPDATE OR DELETE ON "booking_service_lines"
  FOR EACH ROW EXECUTE FUNCTION "booking_row_changed"();
--> statement-breakpoint
CREATE TRIGGER "passenger_slots_revision" AFTER INSERT OR UPDATE OR DELETE ON "passenger_slots"
  FOR EACH ROW EXECUTE FUNCTION "booking_row_changed"();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_revision" AFTER INSERT OR UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "booking_row_changed"();
--> statement-breakpoint
CREATE TRIGGER "payment_attempts_revision" AFTER INSERT OR UPDATE OR DELETE ON "payment_attempts"
  FOR EACH ROW EXECUTE FUNCTION "booking_row_changed"();
--> statement-breakpoint
-- A passenger's record, or its document, shows in the detail of every booking whose slot it fills.
CREATE FUNCTION "booking_client_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD."client_id" ELSE NEW."client_id" END;
BEGIN
  UPDATE "bookings" SET "revision" = "revision" + 1
    WHERE "id" IN (SELECT "booking_id" FROM "passenger_slots" WHERE "client_id" = changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "booking_client_record_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD."id" ELSE NEW."id" END;
BEGIN
  UPDATE "bookings" SET "revision" = "revision" + 1
    WHERE "id" IN (SELECT "booking_id" FROM "passenger_slots" WHERE "client_id" = changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "clients_revision" AFTER UPDATE OR DELETE ON "clients"
  FOR EACH ROW EXECUTE FUNCTION "booking_client_record_changed"();
--> statement-breakpoint
CREATE TRIGGER "client_documents_revision" AFTER INSERT OR UPDATE OR DELETE ON "client_documents"
  FOR EACH ROW EXECUTE FUNCTION "booking_client_changed"();
