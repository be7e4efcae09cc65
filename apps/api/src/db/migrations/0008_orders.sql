CREATE TABLE "cart_checkouts" (
	"cart_id" integer PRIMARY KEY NOT NULL,
	"packaging_type_id" integer,
	"rules_accepted" boolean DEFAULT false NOT NULL,
	"invoice" jsonb,
	"lottery_code" text,
	"extra_email" text,
	"prepared_prices" jsonb,
	"prepared_at" timestamp with time zone,
	"editing_order_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_gift_certificates" (
	"cart_id" integer NOT NULL,
	"gift_certificate_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_gift_certificates_cart_id_gift_certificate_id_pk" PRIMARY KEY("cart_id","gift_certificate_id")
);
--> statement-breakpoint
CREATE TABLE "gift_certificate_uses" (
	"gift_certificate_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_certificate_uses_gift_certificate_id_order_id_pk" PRIMARY KEY("gift_certificate_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "gift_certificates" (
	"gift_certificate_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"descr" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"min_spend_cents" integer DEFAULT 0 NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"once_per_user" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_certificates_kind_ck" CHECK ("gift_certificates"."kind" IN ('percent', 'amount')),
	CONSTRAINT "gift_certificates_uses_ck" CHECK ("gift_certificates"."max_uses" IS NULL OR "gift_certificates"."uses" <= "gift_certificates"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"order_item_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"product_id" integer NOT NULL,
	"cod_int" text NOT NULL,
	"name" text NOT NULL,
	"short_descr" text NOT NULL,
	"description" text NOT NULL,
	"selling_type" text NOT NULL,
	"unit_base" text NOT NULL,
	"media_url" text NOT NULL,
	"sector_id" integer NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"options_key" text DEFAULT '' NOT NULL,
	"promo_id" integer,
	"promo" jsonb,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"unit_price_standard_cents" integer NOT NULL,
	"line_total_cents" integer NOT NULL,
	"line_standard_cents" integer NOT NULL,
	"variable_weight" boolean NOT NULL,
	"accept_alternatives" boolean DEFAULT false NOT NULL,
	"infos" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"delivered_quantity" numeric(12, 3),
	"real_weight" numeric(12, 3),
	"substitute_product_id" integer,
	"substitute_name" text,
	"delivered_unit_price_cents" integer,
	"delivered_total_cents" integer,
	"picked_at" timestamp with time zone,
	"picked_by" integer,
	CONSTRAINT "order_items_quantity_positive" CHECK ("order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_notes" (
	"note_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"note_type_id" smallint DEFAULT 1 NOT NULL,
	"rating" smallint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_notes_rating_ck" CHECK ("order_notes"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"history_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_status_id" smallint,
	"to_status_id" smallint NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"order_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"source_cart_id" integer NOT NULL,
	"order_status_id" smallint NOT NULL,
	"order_type_id" smallint DEFAULT 1 NOT NULL,
	"delivery_service_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"shipping_address_id" integer NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"zone_id" integer,
	"slot_id" integer NOT NULL,
	"slot_date" date NOT NULL,
	"timeslot_id" integer NOT NULL,
	"begin_time" text NOT NULL,
	"end_time" text NOT NULL,
	"delivery_day_period_id" smallint NOT NULL,
	"payment_type_id" smallint NOT NULL,
	"items_cents" integer NOT NULL,
	"items_standard_cents" integer NOT NULL,
	"variable_weight_cents" integer DEFAULT 0 NOT NULL,
	"delivery_fee_cents" integer NOT NULL,
	"packaging_cents" integer DEFAULT 0 NOT NULL,
	"gift_discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"preauth_cents" integer NOT NULL,
	"captured_cents" integer,
	"delivered_total_cents" integer,
	"infos" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text,
	"access_token_hash" text,
	"access_token_expires_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_money_ck" CHECK ("orders"."total_cents" >= 0 AND "orders"."preauth_cents" >= "orders"."total_cents")
);
--> statement-breakpoint
CREATE TABLE "packaging_types" (
	"packaging_type_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"descr" text NOT NULL,
	"price_cents" integer NOT NULL,
	"items_per_bag" integer NOT NULL,
	"media_icon" text NOT NULL,
	"priority" smallint NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "packaging_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "payment_authorizations" (
	"authorization_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"attempt" smallint NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"payment_type_id" smallint NOT NULL,
	"amount_cents" integer NOT NULL,
	"captured_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_authorizations_amounts_ck" CHECK ("payment_authorizations"."captured_cents" >= 0 AND "payment_authorizations"."captured_cents" <= "payment_authorizations"."amount_cents" AND "payment_authorizations"."refunded_cents" <= "payment_authorizations"."captured_cents"),
	CONSTRAINT "payment_authorizations_last4_ck" CHECK ("payment_authorizations"."card_last4" IS NULL OR "payment_authorizations"."card_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"authorization_id" integer,
	"channel" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"role" text DEFAULT 'picker' NOT NULL,
	"warehouse_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_checkouts" ADD CONSTRAINT "cart_checkouts_cart_id_carts_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("cart_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_checkouts" ADD CONSTRAINT "cart_checkouts_packaging_type_id_packaging_types_packaging_type_id_fk" FOREIGN KEY ("packaging_type_id") REFERENCES "public"."packaging_types"("packaging_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_gift_certificates" ADD CONSTRAINT "cart_gift_certificates_cart_id_carts_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("cart_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_gift_certificates" ADD CONSTRAINT "cart_gift_certificates_gift_certificate_id_gift_certificates_gift_certificate_id_fk" FOREIGN KEY ("gift_certificate_id") REFERENCES "public"."gift_certificates"("gift_certificate_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_certificate_uses" ADD CONSTRAINT "gift_certificate_uses_gift_certificate_id_gift_certificates_gift_certificate_id_fk" FOREIGN KEY ("gift_certificate_id") REFERENCES "public"."gift_certificates"("gift_certificate_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_certificate_uses" ADD CONSTRAINT "gift_certificate_uses_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_slot_id_delivery_slots_slot_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."delivery_slots"("slot_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_authorizations" ADD CONSTRAINT "payment_authorizations_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_authorization_id_payment_authorizations_authorization_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "public"."payment_authorizations"("authorization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_certificate_uses_user_idx" ON "gift_certificate_uses" USING btree ("gift_certificate_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_certificates_code_uq" ON "gift_certificates" USING btree (upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_line_uq" ON "order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_notes_uq" ON "order_notes" USING btree ("order_id","user_id","note_type_id");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","history_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_source_cart_uq" ON "orders" USING btree ("source_cart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_uq" ON "orders" USING btree ("user_id","idempotency_key") WHERE "orders"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_access_token_uq" ON "orders" USING btree ("access_token_hash") WHERE "orders"."access_token_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS LAST,"order_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_slot_idx" ON "orders" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "orders_day_idx" ON "orders" USING btree ("warehouse_id","slot_date","order_status_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_authorizations_attempt_uq" ON "payment_authorizations" USING btree ("order_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_authorizations_ref_uq" ON "payment_authorizations" USING btree ("provider","provider_ref");