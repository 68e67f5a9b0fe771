ALTER TABLE "tour_additional_services" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;