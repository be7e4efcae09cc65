CREATE TABLE "payment_refunds" (
	"refund_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"authorization_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"staff_user_id" integer NOT NULL,
	"state" text NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_ref" text,
	"failure" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_amount_ck" CHECK ("payment_refunds"."amount_cents" > 0),
	CONSTRAINT "payment_refunds_state_ck" CHECK ("payment_refunds"."state" IN ('requested', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_authorization_id_payment_authorizations_authorization_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "public"."payment_authorizations"("authorization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_key_uq" ON "payment_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_refunds_order_idx" ON "payment_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_settled_idx" ON "payment_refunds" USING btree ("settled_at");