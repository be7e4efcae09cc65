CREATE TABLE "gift_card_orders" (
	"gift_card_order_id" serial PRIMARY KEY NOT NULL,
	"request_key" varchar(64) NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"state" varchar(10) DEFAULT 'received' NOT NULL,
	"company_name" text NOT NULL,
	"vat_number" varchar(11) NOT NULL,
	"fiscal_code" varchar(16) DEFAULT '' NOT NULL,
	"sdi_code" varchar(7) DEFAULT '' NOT NULL,
	"pec" text DEFAULT '' NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" varchar(20) NOT NULL,
	"address1" text NOT NULL,
	"address_number" varchar(10) NOT NULL,
	"postal_code" varchar(5) NOT NULL,
	"city" text NOT NULL,
	"province" varchar(2) NOT NULL,
	"lines" jsonb NOT NULL,
	"cards" integer NOT NULL,
	"goods_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"invoice_cents" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"privacy_accepted_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"expected_delivery_date" date NOT NULL,
	"confirmed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"staff_note" text,
	"staff_user_id" integer,
	CONSTRAINT "gift_card_orders_state_ck" CHECK ("gift_card_orders"."state" IN ('received', 'confirmed', 'delivered', 'cancelled')),
	CONSTRAINT "gift_card_orders_money_ck" CHECK ("gift_card_orders"."goods_cents" > 0 AND "gift_card_orders"."discount_cents" >= 0 AND "gift_card_orders"."invoice_cents" = "gift_card_orders"."goods_cents" - "gift_card_orders"."discount_cents")
);
--> statement-breakpoint
ALTER TABLE "gift_card_orders" ADD CONSTRAINT "gift_card_orders_staff_user_id_staff_members_user_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_members"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_orders_key_uq" ON "gift_card_orders" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "gift_card_orders_state_idx" ON "gift_card_orders" USING btree ("state","received_at");