-- When a booking holds its seats (issue 26, ADR 0035): an unpaid hold ends at a fixed time that
-- payment attempts never move. Bookings made before keep the hold their open attempt gave them
-- (or the 30 minutes after they were made); past it, those that have not paid their deposit give
-- their seats back.
ALTER TABLE "bookings" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "hold_minutes" integer;--> statement-breakpoint
UPDATE "bookings" SET
  "hold_minutes" = 30,
  "hold_until" = coalesce(
    (SELECT max("expires_at") FROM "payment_attempts"
      WHERE "payment_attempts"."booking_id" = "bookings"."id" AND "payment_attempts"."status" = 'pending'),
    "bookings"."created_at" + interval '30 minutes'
  );--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "hold_until" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "hold_minutes" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_hold_minutes_positive" CHECK ("bookings"."hold_minutes" >= 1);
