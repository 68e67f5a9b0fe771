ALTER TABLE "bookings" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "locked_keep_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_credits" ADD COLUMN "corporate_client_id" uuid;--> statement-breakpoint
ALTER TABLE "customer_credits" ADD CONSTRAINT "customer_credits_corporate_client_id_corporate_clients_id_fk" FOREIGN KEY ("corporate_client_id") REFERENCES "public"."corporate_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_credits_company_idx" ON "customer_credits" USING btree ("corporate_client_id","created_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_locked_keep_percent_range" CHECK ("bookings"."locked_keep_percent" between 0 and 100);