CREATE TABLE "reseller_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"corporate_client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"label" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"rate_per_minute" integer DEFAULT 120 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "reseller_keys_key_hash_unique" UNIQUE("key_hash"),
	CONSTRAINT "reseller_keys_label_length" CHECK (char_length("reseller_keys"."label") between 1 and 100),
	CONSTRAINT "reseller_keys_rate_range" CHECK ("reseller_keys"."rate_per_minute" between 1 and 6000),
	CONSTRAINT "reseller_keys_hash_shape" CHECK ("reseller_keys"."key_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "channel" text DEFAULT 'site' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reseller_reference" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "octo_uuid" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "octo_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "octo_contact" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "net_discount_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "octo_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "corporate_clients" ADD COLUMN "net_discount_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "passenger_slots" ADD COLUMN "octo_uuid" uuid;--> statement-breakpoint
ALTER TABLE "passenger_slots" ADD COLUMN "reseller_reference" text;--> statement-breakpoint
ALTER TABLE "passenger_slots" ADD COLUMN "octo_contact" jsonb;--> statement-breakpoint
ALTER TABLE "reseller_keys" ADD CONSTRAINT "reseller_keys_corporate_client_id_corporate_clients_id_fk" FOREIGN KEY ("corporate_client_id") REFERENCES "public"."corporate_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_keys" ADD CONSTRAINT "reseller_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_keys" ADD CONSTRAINT "reseller_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_keys" ADD CONSTRAINT "reseller_keys_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reseller_keys_client_idx" ON "reseller_keys" USING btree ("corporate_client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_octo_uuid_unique" ON "bookings" USING btree ("corporate_client_id","octo_uuid");--> statement-breakpoint
CREATE INDEX "bookings_reseller_reference_idx" ON "bookings" USING btree ("corporate_client_id","reseller_reference");--> statement-breakpoint
ALTER TABLE "passenger_slots" ADD CONSTRAINT "passenger_slots_octo_uuid_unique" UNIQUE("booking_id","octo_uuid");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_channel_valid" CHECK ("bookings"."channel" in ('site', 'desk', 'octo'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_net_discount_range" CHECK ("bookings"."net_discount_bps" between 0 and 5000);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_octo_consistent" CHECK (("bookings"."channel" = 'octo') = ("bookings"."octo_uuid" is not null) and ("bookings"."octo_uuid" is null or "bookings"."corporate_client_id" is not null) and (not "bookings"."octo_hold" or "bookings"."octo_uuid" is not null));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_reseller_reference_length" CHECK ("bookings"."reseller_reference" is null or char_length("bookings"."reseller_reference") between 1 and 100);--> statement-breakpoint
ALTER TABLE "corporate_clients" ADD CONSTRAINT "corporate_clients_net_discount_range" CHECK ("corporate_clients"."net_discount_bps" between 0 and 5000);--> statement-breakpoint
-- Bookings made at the agency's desk before channels were recorded: their audit entry says so.
UPDATE "bookings" SET "channel" = 'desk'
  WHERE "id" IN (SELECT "booking_id" FROM "audit_entries" WHERE "action" = 'booking.create' AND "booking_id" IS NOT NULL);
