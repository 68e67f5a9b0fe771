-- Every node learns of a change to a booking without asking (issue 33, ADR 0056): whatever changes
-- a booking or a row its detail or list shows moves its row (migrations 0007 and 0010), and this
-- trigger then notifies `booking_changed` with the booking's keys, delivered to the listening
-- nodes once the transaction commits (identical notifications of one transaction are sent once).
CREATE FUNCTION "booking_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('booking_changed', concat_ws(' ', 'b:' || OLD."code", 'u:' || OLD."user_id", 'c:' || OLD."corporate_client_id"));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('booking_changed', concat_ws(' ', 'b:' || NEW."code", 'u:' || NEW."user_id", 'c:' || NEW."corporate_client_id"));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bookings_changed_notify" AFTER INSERT OR UPDATE OR DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "booking_changed_notify"();
--> statement-breakpoint
-- The sandbox gateway's charges are rows of ours: where an open attempt stands at the gateway (the
-- detail's "stage") changes with them, so each change notifies `a:<attempt id>` too.
CREATE FUNCTION "sandbox_charge_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('booking_changed', 'a:' || CASE WHEN TG_OP = 'DELETE' THEN OLD."transaction_id" ELSE NEW."transaction_id" END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sandbox_charges_changed_notify" AFTER INSERT OR UPDATE OR DELETE ON "sandbox_charges"
  FOR EACH ROW EXECUTE FUNCTION "sandbox_charge_changed_notify"();
--> statement-breakpoint
-- A TRUNCATE fires no row trigger: emptying any table a booking's answers show notifies `*`, and
-- every node reads every booking again.
CREATE FUNCTION "booking_tables_truncated_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('booking_changed', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bookings_truncated_notify" AFTER TRUNCATE ON "bookings" FOR EACH STATEMENT EXECUTE FUNCTION "booking_tables_truncated_notify"();
--> statement-breakpoint
CREATE TRIGGER "booking_passenger_lines_truncated_notify" AFTER TRUNCATE ON "booking_passenger_lines" FOR EACH STATEMENT EXECUTE FUNCTION "booking_tables_truncated_notify"();
--> statement-breakpoint
CREATE TRIGGER "booking_hotel_lines_truncated_notify" AFTER TRUNCATE ON "booking_hotel_lines" FOR EACH STATEMENT EXECUTE FUNCTION "booking_tables_truncated_notify"();
--> statement-breakpoint
CREATE TRIGGER "booking_service_lines_truncated_notify" AFTER TRUNCATE ON "booking_service_lines" FOR EACH STATEMENT EXECUTE FUNCTION "booking_tables_truncated_notify"();
--> statement-breakpoint
CREATE TRIGGER "passenger_slots_truncated_notify" AFTER TRUNCATE ON "passenger_slots" FOR EACH STATEMENT EXECUTE FUNCTION "booking_tables_truncated_notify"();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_truncated_notify" AFTER TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "booking_tables_truncated_notify"();
--> statement-breakpoint
CREATE TRIGGER "payment_attempts_truncated_notify" AFTER TRUNCATE ON "payment_attempts" FOR EACH STATEMENT EXECUTE FUNCTION "booking_tables_truncated_notify"();
--> statement-breakpoint
CREATE TRIGGER "clients_truncated_notify" AFTER TRUNCATE ON "clients" FOR EACH STATEMENT EXECUTE FUNCTION "booking_tables_truncated_notify"();
--> statement-breakpoint
CREATE TRIGGER "client_documents_truncated_notify" AFTER TRUNCATE ON "client_documents" FOR EACH STATEMENT EXECUTE FUNCTION "booking_tables_truncated_notify"();
--> statement-breakpoint
CREATE TRIGGER "sandbox_charges_truncated_notify" AFTER TRUNCATE ON "sandbox_charges" FOR EACH STATEMENT EXECUTE FUNCTION "booking_tables_truncated_notify"();
