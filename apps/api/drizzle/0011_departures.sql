CREATE TABLE "departures" (
	"tour_id" uuid NOT NULL,
	"date" date NOT NULL,
	"capacity" integer NOT NULL,
	"permits" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departures_tour_id_date_pk" PRIMARY KEY("tour_id","date"),
	CONSTRAINT "departures_status_valid" CHECK ("departures"."status" in ('open', 'closed', 'cancelled')),
	CONSTRAINT "departures_figures_range" CHECK ("departures"."capacity" between 0 and 999 and ("departures"."permits" is null or "departures"."permits" between 0 and 9999))
);
--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "staff_ratio" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "departures" ADD CONSTRAINT "departures_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_departure_idx" ON "bookings" USING btree ("tour_id","travel_date");--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_staff_ratio_range" CHECK ("tours"."staff_ratio" between 0 and 10);