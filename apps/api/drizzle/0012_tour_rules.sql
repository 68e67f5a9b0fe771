ALTER TABLE "departures" DROP CONSTRAINT "departures_figures_range";--> statement-breakpoint
ALTER TABLE "departures" ALTER COLUMN "capacity" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "departures" ADD COLUMN "private_groups" integer;--> statement-breakpoint
ALTER TABLE "tour_types" ADD COLUMN "is_private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "lead_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "closed_months" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "weekdays" integer[] DEFAULT '{0,1,2,3,4,5,6}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "private_groups" integer;--> statement-breakpoint
ALTER TABLE "departures" ADD CONSTRAINT "departures_figures_range" CHECK (("departures"."capacity" is null or "departures"."capacity" between 0 and 999) and ("departures"."permits" is null or "departures"."permits" between 0 and 9999) and ("departures"."private_groups" is null or "departures"."private_groups" between 0 and 99));--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_availability_rules_range" CHECK ("tours"."lead_days" between 0 and 365 and ("tours"."capacity" is null or "tours"."capacity" between 0 and 999) and ("tours"."private_groups" is null or "tours"."private_groups" between 0 and 99) and "tours"."closed_months" <@ '{1,2,3,4,5,6,7,8,9,10,11,12}'::integer[] and "tours"."weekdays" <@ '{0,1,2,3,4,5,6}'::integer[]);