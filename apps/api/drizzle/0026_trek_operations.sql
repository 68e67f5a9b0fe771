CREATE TABLE "crew_assignments" (
	"tour_id" uuid NOT NULL,
	"date" date NOT NULL,
	"crew_member_id" uuid NOT NULL,
	"role" text NOT NULL,
	"last_day" date NOT NULL,
	"assigned_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crew_assignments_tour_id_date_crew_member_id_pk" PRIMARY KEY("tour_id","date","crew_member_id"),
	CONSTRAINT "crew_assignments_days" CHECK ("crew_assignments"."last_day" >= "crew_assignments"."date"),
	CONSTRAINT "crew_assignments_role_valid" CHECK ("crew_assignments"."role" in ('guide', 'assistant_guide', 'cook', 'porter', 'horseman', 'driver'))
);
--> statement-breakpoint
CREATE TABLE "crew_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"role" text NOT NULL,
	"document_type" text NOT NULL,
	"document_number" text NOT NULL,
	"country_id" char(2) NOT NULL,
	"birth_date" date NOT NULL,
	"sex" text,
	"phone" text DEFAULT '' NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"licence_number" text,
	"licence_expiry" date,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crew_members_document_unique" UNIQUE("document_type","document_number"),
	CONSTRAINT "crew_members_role_valid" CHECK ("crew_members"."role" in ('guide', 'assistant_guide', 'cook', 'porter', 'horseman', 'driver')),
	CONSTRAINT "crew_members_document_type_valid" CHECK ("crew_members"."document_type" in ('dni', 'passport', 'foreign_card')),
	CONSTRAINT "crew_members_sex_valid" CHECK ("crew_members"."sex" is null or "crew_members"."sex" in ('female', 'male'))
);
--> statement-breakpoint
CREATE TABLE "document_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"passenger_slot_id" uuid NOT NULL,
	"changes" jsonb NOT NULL,
	"previous" jsonb NOT NULL,
	"old_scan_mime" text NOT NULL,
	"old_scan" "bytea" NOT NULL,
	"new_scan_mime" text NOT NULL,
	"new_scan" "bytea" NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"requested_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_change_requests_status_valid" CHECK ("document_change_requests"."status" in ('requested', 'confirmed', 'refused', 'withdrawn')),
	CONSTRAINT "document_change_requests_scans_valid" CHECK ("document_change_requests"."old_scan_mime" in ('image/jpeg', 'image/png', 'application/pdf') and "document_change_requests"."new_scan_mime" in ('image/jpeg', 'image/png', 'application/pdf') and octet_length("document_change_requests"."old_scan") between 1 and 1048576 and octet_length("document_change_requests"."new_scan") between 1 and 1048576),
	CONSTRAINT "document_change_requests_fee_range" CHECK ("document_change_requests"."fee_cents" between 0 and 10000000)
);
--> statement-breakpoint
CREATE TABLE "person_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_id" uuid NOT NULL,
	"date" date NOT NULL,
	"item_id" uuid NOT NULL,
	"passenger_slot_id" uuid,
	"crew_member_id" uuid,
	"status" text DEFAULT 'bought' NOT NULL,
	"reference" text NOT NULL,
	"bought_on" date NOT NULL,
	"person" jsonb NOT NULL,
	"recorded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "person_purchases_one_person" CHECK (("person_purchases"."passenger_slot_id" is null) <> ("person_purchases"."crew_member_id" is null)),
	CONSTRAINT "person_purchases_status_valid" CHECK ("person_purchases"."status" in ('bought', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "tour_purchase_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"buy_days_before" integer DEFAULT 0 NOT NULL,
	"crew_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tour_purchase_items_kind_valid" CHECK ("tour_purchase_items"."kind" in ('permit', 'entry', 'train', 'bus')),
	CONSTRAINT "tour_purchase_items_buy_days_range" CHECK ("tour_purchase_items"."buy_days_before" between 0 and 400)
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "emergency_contact_name" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "emergency_contact_phone" text;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "guide_every" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "cooks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "porters_per_traveller" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "crew_assignments" ADD CONSTRAINT "crew_assignments_crew_member_id_crew_members_id_fk" FOREIGN KEY ("crew_member_id") REFERENCES "public"."crew_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_assignments" ADD CONSTRAINT "crew_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_assignments" ADD CONSTRAINT "crew_assignments_departure_fk" FOREIGN KEY ("tour_id","date") REFERENCES "public"."departures"("tour_id","date") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_members" ADD CONSTRAINT "crew_members_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_change_requests" ADD CONSTRAINT "document_change_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_change_requests" ADD CONSTRAINT "document_change_requests_passenger_slot_id_passenger_slots_id_fk" FOREIGN KEY ("passenger_slot_id") REFERENCES "public"."passenger_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_change_requests" ADD CONSTRAINT "document_change_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_change_requests" ADD CONSTRAINT "document_change_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_purchases" ADD CONSTRAINT "person_purchases_item_id_tour_purchase_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."tour_purchase_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_purchases" ADD CONSTRAINT "person_purchases_passenger_slot_id_passenger_slots_id_fk" FOREIGN KEY ("passenger_slot_id") REFERENCES "public"."passenger_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_purchases" ADD CONSTRAINT "person_purchases_crew_member_id_crew_members_id_fk" FOREIGN KEY ("crew_member_id") REFERENCES "public"."crew_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_purchases" ADD CONSTRAINT "person_purchases_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_purchase_items" ADD CONSTRAINT "tour_purchase_items_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crew_assignments_member_idx" ON "crew_assignments" USING btree ("crew_member_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "document_change_requests_open_unique" ON "document_change_requests" USING btree ("passenger_slot_id") WHERE "document_change_requests"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "document_change_requests_booking_idx" ON "document_change_requests" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "person_purchases_slot_bought_unique" ON "person_purchases" USING btree ("item_id","passenger_slot_id") WHERE "person_purchases"."status" = 'bought' and "person_purchases"."passenger_slot_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "person_purchases_crew_bought_unique" ON "person_purchases" USING btree ("item_id","date","crew_member_id") WHERE "person_purchases"."status" = 'bought' and "person_purchases"."crew_member_id" is not null;--> statement-breakpoint
CREATE INDEX "person_purchases_day_idx" ON "person_purchases" USING btree ("tour_id","date");--> statement-breakpoint
CREATE INDEX "person_purchases_slot_idx" ON "person_purchases" USING btree ("passenger_slot_id");--> statement-breakpoint
CREATE INDEX "tour_purchase_items_tour_idx" ON "tour_purchase_items" USING btree ("tour_id","sort_order");--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_crew_rule_range" CHECK ("tours"."guide_every" between 0 and 99 and "tours"."cooks" between 0 and 20 and "tours"."porters_per_traveller" between 0 and 10);