-- Issue 33: the tours' public addresses. The slugs of tours that exist are written at start-up by
-- the shared rule (seed/index.ts → modules/public-pages/slugs.ts), not here: one rule for every slug.
CREATE TABLE "tour_slugs" (
	"tour_id" uuid NOT NULL,
	"language" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_slugs_language_slug_pk" PRIMARY KEY("language","slug"),
	CONSTRAINT "tour_slugs_language_valid" CHECK ("tour_slugs"."language" in ('en', 'es')),
	CONSTRAINT "tour_slugs_slug_valid" CHECK ("tour_slugs"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length("tour_slugs"."slug") <= 80)
);
--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tour_slugs" ADD CONSTRAINT "tour_slugs_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tour_slugs_tour_idx" ON "tour_slugs" USING btree ("tour_id","language","created_at");