CREATE TABLE "booking_hotel_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"hotel_type_id" uuid NOT NULL,
	"room_type_id" uuid NOT NULL,
	"rooms" integer NOT NULL,
	"nights" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_hotel_lines_rooms" CHECK ("booking_hotel_lines"."rooms" between 1 and 99 and "booking_hotel_lines"."nights" >= 1),
	CONSTRAINT "booking_hotel_lines_total" CHECK ("booking_hotel_lines"."unit_cents" >= 0 and "booking_hotel_lines"."total_cents" = "booking_hotel_lines"."unit_cents" * "booking_hotel_lines"."nights" * "booking_hotel_lines"."rooms")
);
--> statement-breakpoint
CREATE TABLE "booking_passenger_lines" (
	"booking_id" uuid NOT NULL,
	"customer_type_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	CONSTRAINT "booking_passenger_lines_booking_id_customer_type_id_pk" PRIMARY KEY("booking_id","customer_type_id"),
	CONSTRAINT "booking_passenger_lines_quantity" CHECK ("booking_passenger_lines"."quantity" between 1 and 99),
	CONSTRAINT "booking_passenger_lines_total" CHECK ("booking_passenger_lines"."unit_cents" >= 0 and "booking_passenger_lines"."total_cents" = "booking_passenger_lines"."unit_cents" * "booking_passenger_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "booking_service_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_service_lines_quantity" CHECK ("booking_service_lines"."quantity" between 1 and 99),
	CONSTRAINT "booking_service_lines_total" CHECK ("booking_service_lines"."unit_cents" >= 0 and "booking_service_lines"."total_cents" = "booking_service_lines"."unit_cents" * "booking_service_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"corporate_client_id" uuid,
	"tour_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"travel_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_passenger" boolean DEFAULT false NOT NULL,
	"payment_mode" char(1) DEFAULT 'T' NOT NULL,
	"passengers_cents" integer NOT NULL,
	"hotels_cents" integer NOT NULL,
	"services_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"observation" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_code_unique" UNIQUE("code"),
	CONSTRAINT "bookings_payment_mode_valid" CHECK ("bookings"."payment_mode" in ('T', 'P')),
	CONSTRAINT "bookings_amounts_consistent" CHECK ("bookings"."passengers_cents" >= 0 and "bookings"."hotels_cents" >= 0 and "bookings"."services_cents" >= 0 and "bookings"."total_cents" = "bookings"."passengers_cents" + "bookings"."hotels_cents" + "bookings"."services_cents"),
	CONSTRAINT "bookings_end_not_before_start" CHECK ("bookings"."end_date" >= "bookings"."travel_date")
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"mobile" text,
	"birth_date" date,
	"country_id" char(2),
	"document_type_id" uuid,
	"document_number" text,
	"document_expiry" date,
	"occupation_id" uuid,
	"sex_id" uuid,
	"marital_status_id" uuid,
	"food_preference_id" uuid,
	"food_observation" text,
	"travel_purpose_id" uuid,
	"travel_purpose_observation" text,
	"trekking_experience_id" uuid,
	"trekking_observation" text,
	"allergy_observation" text,
	"medical_requirement" text,
	"card_expiry" date,
	"document_file" text,
	"document_mime" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_scope_key_pk" PRIMARY KEY("user_id","scope","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"payment_method" text,
	"commission_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_valid" CHECK ("ledger_entries"."kind" in ('purchase', 'addition', 'discount', 'payment')),
	CONSTRAINT "ledger_entries_amount_positive" CHECK ("ledger_entries"."amount_cents" > 0),
	CONSTRAINT "ledger_entries_commission_non_negative" CHECK ("ledger_entries"."commission_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "passenger_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"customer_type_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"client_id" uuid,
	CONSTRAINT "passenger_slots_position_unique" UNIQUE("booking_id","position")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "booking_hotel_lines" ADD CONSTRAINT "booking_hotel_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_hotel_lines" ADD CONSTRAINT "booking_hotel_lines_hotel_type_id_hotel_types_id_fk" FOREIGN KEY ("hotel_type_id") REFERENCES "public"."hotel_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_hotel_lines" ADD CONSTRAINT "booking_hotel_lines_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_passenger_lines" ADD CONSTRAINT "booking_passenger_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_passenger_lines" ADD CONSTRAINT "booking_passenger_lines_customer_type_id_customer_types_id_fk" FOREIGN KEY ("customer_type_id") REFERENCES "public"."customer_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_service_lines" ADD CONSTRAINT "booking_service_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_service_lines" ADD CONSTRAINT "booking_service_lines_offer_id_tour_additional_services_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."tour_additional_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_corporate_client_id_corporate_clients_id_fk" FOREIGN KEY ("corporate_client_id") REFERENCES "public"."corporate_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_category_fk" FOREIGN KEY ("tour_id","category_id") REFERENCES "public"."tour_categories"("tour_id","category_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_type_fk" FOREIGN KEY ("tour_id","type_id") REFERENCES "public"."tour_type_links"("tour_id","type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_document_type_id_option_items_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."option_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_occupation_id_occupations_id_fk" FOREIGN KEY ("occupation_id") REFERENCES "public"."occupations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_sex_id_option_items_id_fk" FOREIGN KEY ("sex_id") REFERENCES "public"."option_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_marital_status_id_option_items_id_fk" FOREIGN KEY ("marital_status_id") REFERENCES "public"."option_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_food_preference_id_option_items_id_fk" FOREIGN KEY ("food_preference_id") REFERENCES "public"."option_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_travel_purpose_id_option_items_id_fk" FOREIGN KEY ("travel_purpose_id") REFERENCES "public"."option_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_trekking_experience_id_option_items_id_fk" FOREIGN KEY ("trekking_experience_id") REFERENCES "public"."option_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passenger_slots" ADD CONSTRAINT "passenger_slots_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passenger_slots" ADD CONSTRAINT "passenger_slots_customer_type_id_customer_types_id_fk" FOREIGN KEY ("customer_type_id") REFERENCES "public"."customer_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passenger_slots" ADD CONSTRAINT "passenger_slots_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_hotel_lines_booking_idx" ON "booking_hotel_lines" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_service_lines_booking_idx" ON "booking_service_lines" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "bookings_user_idx" ON "bookings" USING btree ("user_id","travel_date");--> statement-breakpoint
CREATE INDEX "bookings_corporate_idx" ON "bookings" USING btree ("corporate_client_id","travel_date");--> statement-breakpoint
CREATE INDEX "ledger_entries_booking_idx" ON "ledger_entries" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "passenger_slots_client_idx" ON "passenger_slots" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;