CREATE TABLE "addresses" (
	"address_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"warehouse_id" integer,
	"address_type_id" smallint NOT NULL,
	"delivery_service_id" integer NOT NULL,
	"zone_id" integer,
	"address_name" text NOT NULL,
	"receiver_name" text DEFAULT '' NOT NULL,
	"address1" text NOT NULL,
	"address_number" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"postal_code" text NOT NULL,
	"country_id" integer DEFAULT 1 NOT NULL,
	"other_info" text DEFAULT '' NOT NULL,
	"floor" text DEFAULT '' NOT NULL,
	"elevator" boolean DEFAULT false NOT NULL,
	"stair" text DEFAULT '' NOT NULL,
	"apartment" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"address_class_id" smallint,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "addresses_owner_ck" CHECK (("addresses"."user_id" IS NULL AND "addresses"."warehouse_id" IS NOT NULL) OR "addresses"."user_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"cart_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"cart_status_id" smallint DEFAULT 0 NOT NULL,
	"delivery_service_id" integer,
	"store_id" integer DEFAULT 1 NOT NULL,
	"warehouse_id" integer DEFAULT 1 NOT NULL,
	"shipping_address_id" integer,
	"timeslot_date" date,
	"timeslot_id" integer,
	"slot_id" integer,
	"address_auto_assigned" boolean DEFAULT true NOT NULL,
	"timeslot_auto_assigned" boolean DEFAULT true NOT NULL,
	"store_auto_assigned" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "comune_caps" (
	"postal_code" text NOT NULL,
	"istat" text NOT NULL,
	CONSTRAINT "comune_caps_postal_code_istat_pk" PRIMARY KEY("postal_code","istat")
);
--> statement-breakpoint
CREATE TABLE "comuni" (
	"istat" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"province" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"is_province_capital" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_services" (
	"delivery_service_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"descr" text NOT NULL,
	"css_class" text NOT NULL,
	"icon_source" text NOT NULL,
	"show_tab" boolean NOT NULL,
	"priority" smallint NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_slots" (
	"slot_id" serial PRIMARY KEY NOT NULL,
	"calendar" text NOT NULL,
	"slot_date" date NOT NULL,
	"timeslot_id" integer NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"active" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "delivery_slots_booked_ck" CHECK ("delivery_slots"."booked" >= 0 AND "delivery_slots"."booked" <= "delivery_slots"."capacity")
);
--> statement-breakpoint
CREATE TABLE "delivery_zone_caps" (
	"postal_code" text PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"zone_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"province" text NOT NULL,
	"warehouse_id" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"elderly_fee_cents" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provinces" (
	"province_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"country_id" integer NOT NULL,
	"home_delivery" boolean NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	CONSTRAINT "provinces_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "timeslots" (
	"timeslot_id" integer PRIMARY KEY NOT NULL,
	"calendar_kind" text NOT NULL,
	"begin_time" text NOT NULL,
	"end_time" text NOT NULL,
	"delivery_day_period_id" smallint NOT NULL,
	"capacity" integer NOT NULL,
	"week_days" integer[] NOT NULL,
	"lead_minutes" integer NOT NULL,
	"cutoff_prev_day" text
);
--> statement-breakpoint
CREATE TABLE "warehouse_services" (
	"warehouse_id" integer NOT NULL,
	"delivery_service_id" integer NOT NULL,
	CONSTRAINT "warehouse_services_warehouse_id_delivery_service_id_pk" PRIMARY KEY("warehouse_id","delivery_service_id")
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"warehouse_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"warehouse_type" text NOT NULL,
	"parent_warehouse_id" integer,
	"phone" text DEFAULT '' NOT NULL,
	"service_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "warehouses_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_warehouse_id_warehouses_warehouse_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("warehouse_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_delivery_service_id_delivery_services_delivery_service_id_fk" FOREIGN KEY ("delivery_service_id") REFERENCES "public"."delivery_services"("delivery_service_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_zone_id_delivery_zones_zone_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."delivery_zones"("zone_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_shipping_address_id_addresses_address_id_fk" FOREIGN KEY ("shipping_address_id") REFERENCES "public"."addresses"("address_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_slot_id_delivery_slots_slot_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."delivery_slots"("slot_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comune_caps" ADD CONSTRAINT "comune_caps_istat_comuni_istat_fk" FOREIGN KEY ("istat") REFERENCES "public"."comuni"("istat") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_slots" ADD CONSTRAINT "delivery_slots_timeslot_id_timeslots_timeslot_id_fk" FOREIGN KEY ("timeslot_id") REFERENCES "public"."timeslots"("timeslot_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zone_caps" ADD CONSTRAINT "delivery_zone_caps_zone_id_delivery_zones_zone_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."delivery_zones"("zone_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_warehouse_id_warehouses_warehouse_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("warehouse_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_services" ADD CONSTRAINT "warehouse_services_warehouse_id_warehouses_warehouse_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("warehouse_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_services" ADD CONSTRAINT "warehouse_services_delivery_service_id_delivery_services_delivery_service_id_fk" FOREIGN KEY ("delivery_service_id") REFERENCES "public"."delivery_services"("delivery_service_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id") WHERE "addresses"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_warehouse_uq" ON "addresses" USING btree ("warehouse_id") WHERE "addresses"."user_id" IS NULL;--> statement-breakpoint
CREATE INDEX "addresses_pickup_geo_idx" ON "addresses" USING btree ("latitude","longitude") WHERE "addresses"."user_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_elderly_uq" ON "addresses" USING btree ("user_id") WHERE "addresses"."address_class_id" = 1 AND "addresses"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_open_uq" ON "carts" USING btree ("user_id") WHERE "carts"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "carts_address_idx" ON "carts" USING btree ("shipping_address_id");--> statement-breakpoint
CREATE INDEX "comune_caps_istat_idx" ON "comune_caps" USING btree ("istat");--> statement-breakpoint
CREATE INDEX "comuni_geo_idx" ON "comuni" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "comuni_search_idx" ON "comuni" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_slots_uq" ON "delivery_slots" USING btree ("calendar","slot_date","timeslot_id");--> statement-breakpoint
CREATE INDEX "delivery_zone_caps_zone_idx" ON "delivery_zone_caps" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "warehouses_parent_idx" ON "warehouses" USING btree ("parent_warehouse_id");