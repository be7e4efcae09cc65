CREATE TABLE "payment_disputes" (
	"dispute_id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"dispute_ref" text NOT NULL,
	"provider_ref" text,
	"order_id" integer,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"last_event_id" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_disputes_ref_uq" ON "payment_disputes" USING btree ("provider","dispute_ref");