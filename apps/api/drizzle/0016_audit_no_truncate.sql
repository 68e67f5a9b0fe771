-- The audit trail cannot be emptied either (issue 26): TRUNCATE skips the row triggers of
-- migration 0008, so a statement-level trigger refuses it, with the same message and code. It
-- fires for a TRUNCATE naming the table and for one reaching it by CASCADE from users or bookings.
CREATE TRIGGER "audit_entries_no_truncate" BEFORE TRUNCATE ON "audit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_entries_append_only"();
