CREATE TABLE "complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"consumer_name" text NOT NULL,
	"document_type" text NOT NULL,
	"document_number" text NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"is_minor" boolean DEFAULT false NOT NULL,
	"guardian_name" text,
	"service" text NOT NULL,
	"booking_code" text,
	"amount_cents" integer,
	"currency" char(3),
	"detail" text NOT NULL,
	"request" text NOT NULL,
	"language" text NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_number_unique" UNIQUE("number"),
	CONSTRAINT "complaints_kind_valid" CHECK ("complaints"."kind" in ('complaint', 'grievance')),
	CONSTRAINT "complaints_number_positive" CHECK ("complaints"."number" >= 1),
	CONSTRAINT "complaints_status_valid" CHECK ("complaints"."status" in ('open', 'answered')),
	CONSTRAINT "complaints_answer_consistent" CHECK (("complaints"."status" = 'answered') = ("complaints"."answer" is not null) and ("complaints"."answer" is null) = ("complaints"."answered_at" is null)),
	CONSTRAINT "complaints_guardian_for_minor" CHECK (not "complaints"."is_minor" or "complaints"."guardian_name" is not null),
	CONSTRAINT "complaints_amount_consistent" CHECK (("complaints"."amount_cents" is null) = ("complaints"."currency" is null) and ("complaints"."amount_cents" is null or "complaints"."amount_cents" >= 0)),
	CONSTRAINT "complaints_language_valid" CHECK ("complaints"."language" in ('en', 'es'))
);
--> statement-breakpoint
CREATE TABLE "counters" (
	"name" text PRIMARY KEY NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "counters_last_value_non_negative" CHECK ("counters"."last_value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"day" date NOT NULL,
	"currency" char(3) NOT NULL,
	"rate" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_day_currency_pk" PRIMARY KEY("day","currency"),
	CONSTRAINT "exchange_rates_currency_valid" CHECK ("exchange_rates"."currency" ~ '^[A-Z]{3}$' and "exchange_rates"."currency" <> 'PEN'),
	CONSTRAINT "exchange_rates_rate_valid" CHECK ("exchange_rates"."rate" ~ '^[0-9]{1,3}\.[0-9]{1,4}$' and "exchange_rates"."rate"::numeric > 0)
);
--> statement-breakpoint
CREATE TABLE "receipt_entries" (
	"ledger_entry_id" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_entries_status_valid" CHECK ("receipt_entries"."status" in ('done', 'waiting')),
	CONSTRAINT "receipt_entries_reason_when_waiting" CHECK (("receipt_entries"."status" = 'waiting') = ("receipt_entries"."reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "receipt_voiding_items" (
	"voiding_id" uuid NOT NULL,
	"receipt_id" uuid NOT NULL,
	CONSTRAINT "receipt_voiding_items_voiding_id_receipt_id_pk" PRIMARY KEY("voiding_id","receipt_id"),
	CONSTRAINT "receipt_voiding_items_receipt_unique" UNIQUE("receipt_id")
);
--> statement-breakpoint
CREATE TABLE "receipt_voidings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" char(2) NOT NULL,
	"identifier" text NOT NULL,
	"reference_date" date NOT NULL,
	"issue_date" date NOT NULL,
	"reason" text NOT NULL,
	"xml" text NOT NULL,
	"digest" text NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"provider" text NOT NULL,
	"provider_answer" jsonb,
	"send_attempts" integer DEFAULT 0 NOT NULL,
	"next_send_at" timestamp with time zone,
	"last_error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "receipt_voidings_identifier_unique" UNIQUE("identifier"),
	CONSTRAINT "receipt_voidings_kind_valid" CHECK ("receipt_voidings"."kind" in ('RA', 'RC')),
	CONSTRAINT "receipt_voidings_status_valid" CHECK ("receipt_voidings"."status" in ('issued', 'accepted', 'rejected')),
	CONSTRAINT "receipt_voidings_reason_length" CHECK (char_length("receipt_voidings"."reason") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"ledger_entry_id" uuid NOT NULL,
	"document_type" char(2) NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"issue_date" date NOT NULL,
	"references_receipt_id" uuid,
	"note_type" char(2),
	"replaces_receipt_id" uuid,
	"operation_type" char(4) NOT NULL,
	"currency" char(3) NOT NULL,
	"exchange_rate" text,
	"customer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"taxed_cents" integer NOT NULL,
	"export_cents" integer NOT NULL,
	"igv_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"xml" text NOT NULL,
	"digest" text NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"provider" text NOT NULL,
	"provider_answer" jsonb,
	"send_attempts" integer DEFAULT 0 NOT NULL,
	"next_send_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "receipts_number_unique" UNIQUE("series","number"),
	CONSTRAINT "receipts_document_type_valid" CHECK ("receipts"."document_type" in ('01', '03', '07')),
	CONSTRAINT "receipts_series_valid" CHECK ("receipts"."series" ~ '^[FB][A-Z0-9]{3}$' and ("receipts"."document_type" <> '01' or "receipts"."series" like 'F%') and ("receipts"."document_type" <> '03' or "receipts"."series" like 'B%')),
	CONSTRAINT "receipts_number_range" CHECK ("receipts"."number" between 1 and 99999999),
	CONSTRAINT "receipts_note_references" CHECK (("receipts"."document_type" = '07') = ("receipts"."references_receipt_id" is not null) and ("receipts"."document_type" = '07') = ("receipts"."note_type" is not null)),
	CONSTRAINT "receipts_operation_type_valid" CHECK ("receipts"."operation_type" in ('0101', '0205')),
	CONSTRAINT "receipts_currency_valid" CHECK ("receipts"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "receipts_rate_when_foreign" CHECK (("receipts"."currency" = 'PEN') = ("receipts"."exchange_rate" is null)),
	CONSTRAINT "receipts_amounts_consistent" CHECK ("receipts"."taxed_cents" >= 0 and "receipts"."export_cents" >= 0 and "receipts"."igv_cents" >= 0 and "receipts"."total_cents" > 0 and "receipts"."total_cents" = "receipts"."taxed_cents" + "receipts"."export_cents" + "receipts"."igv_cents"),
	CONSTRAINT "receipts_status_valid" CHECK ("receipts"."status" in ('issued', 'accepted', 'rejected', 'voiding', 'voided')),
	CONSTRAINT "receipts_send_attempts_non_negative" CHECK ("receipts"."send_attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "additional_services" ADD COLUMN "export_eligible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "invoice_ruc" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "invoice_legal_name" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "invoice_address" text;--> statement-breakpoint
ALTER TABLE "corporate_clients" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "corporate_clients" ADD COLUMN "fiscal_address" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "to_address" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_entries" ADD CONSTRAINT "receipt_entries_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_entries" ADD CONSTRAINT "receipt_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_voiding_items" ADD CONSTRAINT "receipt_voiding_items_voiding_id_receipt_voidings_id_fk" FOREIGN KEY ("voiding_id") REFERENCES "public"."receipt_voidings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_voiding_items" ADD CONSTRAINT "receipt_voiding_items_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_voidings" ADD CONSTRAINT "receipt_voidings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_references_receipt_id_receipts_id_fk" FOREIGN KEY ("references_receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_replaces_receipt_id_receipts_id_fk" FOREIGN KEY ("replaces_receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_status_due_idx" ON "complaints" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "complaints_created_idx" ON "complaints" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "receipt_entries_booking_idx" ON "receipt_entries" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "receipt_entries_waiting_idx" ON "receipt_entries" USING btree ("status") WHERE "receipt_entries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "receipt_voidings_due_idx" ON "receipt_voidings" USING btree ("next_send_at") WHERE "receipt_voidings"."next_send_at" is not null;--> statement-breakpoint
CREATE INDEX "receipts_booking_idx" ON "receipts" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "receipts_issue_date_idx" ON "receipts" USING btree ("issue_date");--> statement-breakpoint
CREATE INDEX "receipts_ledger_entry_idx" ON "receipts" USING btree ("ledger_entry_id");--> statement-breakpoint
CREATE INDEX "receipts_references_idx" ON "receipts" USING btree ("references_receipt_id");--> statement-breakpoint
CREATE INDEX "receipts_due_idx" ON "receipts" USING btree ("next_send_at") WHERE "receipts"."next_send_at" is not null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_invoice_consistent" CHECK (("bookings"."invoice_ruc" is null) = ("bookings"."invoice_legal_name" is null) and ("bookings"."invoice_ruc" is null) = ("bookings"."invoice_address" is null) and ("bookings"."invoice_ruc" is null or "bookings"."invoice_ruc" ~ '^(10|15|16|17|20)[0-9]{9}$'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_has_recipient" CHECK ("outbox"."user_id" is not null or "outbox"."to_address" is not null);--> statement-breakpoint
UPDATE "additional_services" SET "export_eligible" = true WHERE "is_tour";