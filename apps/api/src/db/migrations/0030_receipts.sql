CREATE TABLE "receipt_lines" (
	"receipt_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"description" text NOT NULL,
	"product_id" integer,
	"quantity" numeric(10, 3) NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"vat_rate" numeric(4, 1) NOT NULL,
	CONSTRAINT "receipt_lines_receipt_id_line_no_pk" PRIMARY KEY("receipt_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "receipt_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"digital_receipt" boolean DEFAULT false NOT NULL,
	"voucher_mode" text DEFAULT 'paper' NOT NULL,
	"pending_digital_receipt" boolean,
	"pending_voucher_mode" text,
	"pending_from" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_till_systems" (
	"system_id" text PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"secret_hash" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"receipt_id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"system_id" text NOT NULL,
	"till_code" text NOT NULL,
	"document_number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"warehouse_id" integer NOT NULL,
	"store_name" text NOT NULL,
	"store_vat_number" text NOT NULL,
	"store_address" text DEFAULT '' NOT NULL,
	"card_number" text,
	"user_id" integer,
	"order_id" integer,
	"total_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"payment_method" text NOT NULL,
	"digital" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_source" CHECK ("receipts"."source" IN ('store', 'online')),
	CONSTRAINT "receipts_total" CHECK ("receipts"."total_cents" >= 0 AND "receipts"."vat_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "taxfree_refunds" (
	"refund_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"issued_on" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"point_of_sale" text NOT NULL,
	"status" text NOT NULL,
	CONSTRAINT "taxfree_refunds_invoice_number_unique" UNIQUE("invoice_number"),
	CONSTRAINT "taxfree_refunds_status" CHECK ("taxfree_refunds"."status" IN ('approved', 'pending'))
);
--> statement-breakpoint
ALTER TABLE "receipt_lines" ADD CONSTRAINT "receipt_lines_receipt_id_receipts_receipt_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("receipt_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_settings" ADD CONSTRAINT "receipt_settings_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxfree_refunds" ADD CONSTRAINT "taxfree_refunds_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_document_uq" ON "receipts" USING btree ("system_id","till_code","document_number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_order_uq" ON "receipts" USING btree ("order_id") WHERE "receipts"."order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "receipts_user_idx" ON "receipts" USING btree ("user_id","issued_at" DESC NULLS LAST,"receipt_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "receipts_digital_idx" ON "receipts" USING btree ("issued_at") WHERE "receipts"."digital";--> statement-breakpoint
CREATE INDEX "taxfree_refunds_user_idx" ON "taxfree_refunds" USING btree ("user_id","issued_on");