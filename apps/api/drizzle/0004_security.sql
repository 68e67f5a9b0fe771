CREATE TABLE "client_documents" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"mime" text NOT NULL,
	"content" "bytea" NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_documents_mime_valid" CHECK ("client_documents"."mime" in ('image/jpeg', 'image/png')),
	CONSTRAINT "client_documents_size_range" CHECK ("client_documents"."size_bytes" between 1 and 1048576)
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "login_throttle_failures_non_negative" CHECK ("login_throttle"."failures" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_failures" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
ALTER TABLE "additional_services" ADD COLUMN "per_person" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "currency" char(3) DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "gateway_final_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "max_group_size" integer DEFAULT 16 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_documents" ADD CONSTRAINT "client_documents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_limits_reset_idx" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "payment_attempts_booking_idx" ON "payment_attempts" USING btree ("booking_id","created_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_currency_valid" CHECK ("bookings"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_max_group_size_range" CHECK ("tours"."max_group_size" between 1 and 99);--> statement-breakpoint
UPDATE "payment_attempts" SET "gateway_final_at" = coalesce("settled_at", "updated_at") WHERE "status" IN ('paid', 'declined', 'refund_required');
