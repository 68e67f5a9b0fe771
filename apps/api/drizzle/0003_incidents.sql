CREATE TABLE "incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"status_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"target_slot_id" uuid,
	"target_service_line_id" uuid,
	"observation" text,
	"response" text,
	"adviser_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incidents_name_not_empty" CHECK (length(trim("incidents"."name")) > 0)
);
--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_type_id_incident_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."incident_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_status_id_incident_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."incident_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_target_slot_id_passenger_slots_id_fk" FOREIGN KEY ("target_slot_id") REFERENCES "public"."passenger_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_target_service_line_id_booking_service_lines_id_fk" FOREIGN KEY ("target_service_line_id") REFERENCES "public"."booking_service_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incidents_booking_idx" ON "incidents" USING btree ("booking_id");