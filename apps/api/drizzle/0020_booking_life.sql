CREATE TABLE "change_policies" (
	"tour_id" uuid NOT NULL,
	"audience" text NOT NULL,
	"windows" jsonb NOT NULL,
	"keep_deposit" boolean NOT NULL,
	"permit_cents" integer DEFAULT 0 NOT NULL,
	"entrance_cents" integer DEFAULT 0 NOT NULL,
	"train_cents" integer DEFAULT 0 NOT NULL,
	"date_change_fee_cents" integer NOT NULL,
	"name_change_fee_cents" integer NOT NULL,
	"last_change_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_policies_tour_id_audience_pk" PRIMARY KEY("tour_id","audience"),
	CONSTRAINT "change_policies_audience_valid" CHECK ("change_policies"."audience" in ('standard', 'corporate')),
	CONSTRAINT "change_policies_amounts_range" CHECK ("change_policies"."permit_cents" between 0 and 10000000 and "change_policies"."entrance_cents" between 0 and 10000000 and "change_policies"."train_cents" between 0 and 10000000 and "change_policies"."date_change_fee_cents" between 0 and 10000000 and "change_policies"."name_change_fee_cents" between 0 and 10000000),
	CONSTRAINT "change_policies_last_change_range" CHECK ("change_policies"."last_change_days" between 0 and 365),
	CONSTRAINT "change_policies_windows_array" CHECK (jsonb_typeof("change_policies"."windows") = 'array')
);
--> statement-breakpoint
CREATE TABLE "customer_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"ledger_entry_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_credits_ledger_entry_unique" UNIQUE("ledger_entry_id"),
	CONSTRAINT "customer_credits_kind_valid" CHECK ("customer_credits"."kind" in ('issued', 'spent')),
	CONSTRAINT "customer_credits_amount_positive" CHECK ("customer_credits"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_valid";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancel_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "change_policies" ADD CONSTRAINT "change_policies_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_credits" ADD CONSTRAINT "customer_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_credits" ADD CONSTRAINT "customer_credits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_credits" ADD CONSTRAINT "customer_credits_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_credits_user_idx" ON "customer_credits" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_consistent" CHECK (("bookings"."cancelled_by" is null) = ("bookings"."cancelled_at" is null) and ("bookings"."cancelled_by" is null or "bookings"."cancelled_by" in ('customer', 'agency')));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_valid" CHECK ("ledger_entries"."kind" in ('purchase', 'addition', 'discount', 'payment', 'refund', 'credit'));--> statement-breakpoint
-- Before issue 27 a booking with no passenger left was cancelled (every passenger removed at the
-- customer's request): it is now named so.
UPDATE "bookings" SET "cancelled_by" = 'customer', "cancelled_at" = now(),
  "cancel_reason" = 'every passenger removed'
  WHERE NOT EXISTS (SELECT 1 FROM "passenger_slots" WHERE "passenger_slots"."booking_id" = "bookings"."id");--> statement-breakpoint
-- Every tour starts with the spec's terms (SPEC_POLICIES in packages/shared/src/rules/changes.ts).
INSERT INTO "change_policies" ("tour_id", "audience", "windows", "keep_deposit", "date_change_fee_cents", "name_change_fee_cents", "last_change_days")
  SELECT "id", 'standard', '[{"daysBefore":30,"keepPercent":50},{"daysBefore":10,"keepPercent":80},{"daysBefore":3,"keepPercent":100}]'::jsonb, true, 11500, 11500, 4 FROM "tours"
  UNION ALL
  SELECT "id", 'corporate', '[{"daysBefore":30,"keepPercent":50},{"daysBefore":9,"keepPercent":80},{"daysBefore":2,"keepPercent":100}]'::jsonb, false, 11500, 11500, 3 FROM "tours";
