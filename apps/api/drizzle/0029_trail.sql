CREATE TABLE "trail_actions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tour_id" uuid NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"passenger_slot_id" uuid,
	"method" text,
	"note" text DEFAULT '' NOT NULL,
	"outcome" text NOT NULL,
	"recorded_by" uuid NOT NULL,
	"device_id" text NOT NULL,
	"happened_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trail_actions_kind_valid" CHECK ("trail_actions"."kind" in ('check_in', 'no_show', 'note')),
	CONSTRAINT "trail_actions_method_valid" CHECK ("trail_actions"."method" is null or "trail_actions"."method" in ('qr', 'name')),
	CONSTRAINT "trail_actions_outcome_valid" CHECK ("trail_actions"."outcome" in ('applied', 'conflict')),
	CONSTRAINT "trail_actions_traveller" CHECK ("trail_actions"."kind" = 'note' or "trail_actions"."passenger_slot_id" is not null),
	CONSTRAINT "trail_actions_note_length" CHECK (char_length("trail_actions"."note") <= 2000),
	CONSTRAINT "trail_actions_device_length" CHECK (char_length("trail_actions"."device_id") between 1 and 64)
);
--> statement-breakpoint
CREATE TABLE "trail_syncs" (
	"tour_id" uuid NOT NULL,
	"date" date NOT NULL,
	"user_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"kind" text NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trail_syncs_tour_id_date_user_id_device_id_pk" PRIMARY KEY("tour_id","date","user_id","device_id"),
	CONSTRAINT "trail_syncs_kind_valid" CHECK ("trail_syncs"."kind" in ('download', 'actions')),
	CONSTRAINT "trail_syncs_device_length" CHECK (char_length("trail_syncs"."device_id") between 1 and 64)
);
--> statement-breakpoint
CREATE TABLE "voucher_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "voucher_keys_kid_shape" CHECK ("voucher_keys"."kid" ~ '^[A-Za-z0-9_-]{8}$')
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_valid";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "crew_member_id" uuid;--> statement-breakpoint
ALTER TABLE "trail_actions" ADD CONSTRAINT "trail_actions_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trail_actions" ADD CONSTRAINT "trail_actions_passenger_slot_id_passenger_slots_id_fk" FOREIGN KEY ("passenger_slot_id") REFERENCES "public"."passenger_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trail_actions" ADD CONSTRAINT "trail_actions_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trail_actions" ADD CONSTRAINT "trail_actions_departure_fk" FOREIGN KEY ("tour_id","date") REFERENCES "public"."departures"("tour_id","date") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trail_syncs" ADD CONSTRAINT "trail_syncs_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trail_syncs" ADD CONSTRAINT "trail_syncs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trail_actions_departure_idx" ON "trail_actions" USING btree ("tour_id","date","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trail_actions_attendance_unique" ON "trail_actions" USING btree ("passenger_slot_id") WHERE "trail_actions"."kind" in ('check_in', 'no_show') and "trail_actions"."outcome" = 'applied';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_crew_member_id_crew_members_id_fk" FOREIGN KEY ("crew_member_id") REFERENCES "public"."crew_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_crew_member_id_unique" UNIQUE("crew_member_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_guide_is_crew" CHECK (("users"."role" = 'guide') = ("users"."crew_member_id" is not null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_valid" CHECK ("users"."role" in ('client', 'agent', 'admin', 'guide'));