CREATE TABLE "additional_services" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"description_en" text NOT NULL,
	"description_es" text NOT NULL,
	"is_tour" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corporate_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"tax_id" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corporate_clients_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" char(2) PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_types" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"description_en" text NOT NULL,
	"description_es" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hotel_types" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_statuses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_types" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ip" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "occupations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"list_key" text NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_types" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "tour_additional_services" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tour_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"label_en" text NOT NULL,
	"label_es" text NOT NULL,
	"price_cents" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tour_additional_services_price_non_negative" CHECK ("tour_additional_services"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tour_categories" (
	"tour_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tour_categories_tour_id_category_id_pk" PRIMARY KEY("tour_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "tour_families" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tour_hotel_prices" (
	"tour_id" uuid NOT NULL,
	"hotel_type_id" uuid NOT NULL,
	"room_type_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "tour_hotel_prices_tour_id_hotel_type_id_room_type_id_pk" PRIMARY KEY("tour_id","hotel_type_id","room_type_id"),
	CONSTRAINT "tour_hotel_prices_non_negative" CHECK ("tour_hotel_prices"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tour_inclusions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_id" uuid NOT NULL,
	"included" boolean NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"observation_en" text DEFAULT '' NOT NULL,
	"observation_es" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tour_itinerary" (
	"tour_id" uuid NOT NULL,
	"day" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	CONSTRAINT "tour_itinerary_tour_id_day_sort_order_pk" PRIMARY KEY("tour_id","day","sort_order"),
	CONSTRAINT "tour_itinerary_day_positive" CHECK ("tour_itinerary"."day" >= 1)
);
--> statement-breakpoint
CREATE TABLE "tour_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"customer_type_id" uuid NOT NULL,
	"group_size" integer NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "tour_prices_row_unique" UNIQUE("tour_id","category_id","type_id","customer_type_id","group_size"),
	CONSTRAINT "tour_prices_group_size_positive" CHECK ("tour_prices"."group_size" >= 1),
	CONSTRAINT "tour_prices_price_non_negative" CHECK ("tour_prices"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tour_related" (
	"tour_id" uuid NOT NULL,
	"related_tour_id" uuid NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tour_related_tour_id_related_tour_id_pk" PRIMARY KEY("tour_id","related_tour_id"),
	CONSTRAINT "tour_related_not_self" CHECK ("tour_related"."tour_id" <> "tour_related"."related_tour_id")
);
--> statement-breakpoint
CREATE TABLE "tour_type_links" (
	"tour_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tour_type_links_tour_id_type_id_pk" PRIMARY KEY("tour_id","type_id")
);
--> statement-breakpoint
CREATE TABLE "tour_types" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tours" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" char(6) NOT NULL,
	"family_id" uuid NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"days" integer NOT NULL,
	"nights" integer NOT NULL,
	"hotel_nights" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tours_code_unique" UNIQUE("code"),
	CONSTRAINT "tours_code_six_digits" CHECK ("tours"."code" ~ '^[0-9]{6}$'),
	CONSTRAINT "tours_days_positive" CHECK ("tours"."days" >= 1 and "tours"."nights" >= 0),
	CONSTRAINT "tours_hotel_nights_range" CHECK ("tours"."hotel_nights" between 0 and "tours"."nights")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text NOT NULL,
	"last_name" text NOT NULL,
	"telephone" text NOT NULL,
	"birth_date" date NOT NULL,
	"country_id" char(2) NOT NULL,
	"role" text DEFAULT 'client' NOT NULL,
	"corporate_client_id" uuid,
	"is_passenger" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_role_valid" CHECK ("users"."role" in ('client'))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_additional_services" ADD CONSTRAINT "tour_additional_services_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_additional_services" ADD CONSTRAINT "tour_additional_services_service_id_additional_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."additional_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_categories" ADD CONSTRAINT "tour_categories_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_categories" ADD CONSTRAINT "tour_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_hotel_prices" ADD CONSTRAINT "tour_hotel_prices_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_hotel_prices" ADD CONSTRAINT "tour_hotel_prices_hotel_type_id_hotel_types_id_fk" FOREIGN KEY ("hotel_type_id") REFERENCES "public"."hotel_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_hotel_prices" ADD CONSTRAINT "tour_hotel_prices_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_inclusions" ADD CONSTRAINT "tour_inclusions_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_itinerary" ADD CONSTRAINT "tour_itinerary_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_prices" ADD CONSTRAINT "tour_prices_customer_type_id_customer_types_id_fk" FOREIGN KEY ("customer_type_id") REFERENCES "public"."customer_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_prices" ADD CONSTRAINT "tour_prices_category_fk" FOREIGN KEY ("tour_id","category_id") REFERENCES "public"."tour_categories"("tour_id","category_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_prices" ADD CONSTRAINT "tour_prices_type_fk" FOREIGN KEY ("tour_id","type_id") REFERENCES "public"."tour_type_links"("tour_id","type_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_related" ADD CONSTRAINT "tour_related_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_related" ADD CONSTRAINT "tour_related_related_tour_id_tours_id_fk" FOREIGN KEY ("related_tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_type_links" ADD CONSTRAINT "tour_type_links_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_type_links" ADD CONSTRAINT "tour_type_links_type_id_tour_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."tour_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_family_id_tour_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."tour_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_corporate_client_id_corporate_clients_id_fk" FOREIGN KEY ("corporate_client_id") REFERENCES "public"."corporate_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_failures_ip_idx" ON "login_failures" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "option_items_list_key_idx" ON "option_items" USING btree ("list_key","sort_order");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tour_additional_services_tour_idx" ON "tour_additional_services" USING btree ("tour_id");--> statement-breakpoint
CREATE INDEX "tour_inclusions_tour_idx" ON "tour_inclusions" USING btree ("tour_id","included","sort_order");