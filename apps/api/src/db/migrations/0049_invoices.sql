CREATE TABLE "invoice_documents" (
	"document_id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"year" smallint NOT NULL,
	"number" integer NOT NULL,
	"number_text" text NOT NULL,
	"issued_on" date NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"related_document_id" integer,
	"refund_id" integer,
	"customer_name" text NOT NULL,
	"total_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"data" jsonb NOT NULL,
	"xml" text NOT NULL,
	"transmission_id" text NOT NULL,
	"sdi_state" text DEFAULT 'ready' NOT NULL,
	"sdi_id" text,
	"sdi_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"send_attempts" smallint DEFAULT 0 NOT NULL,
	"state_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_documents_kind_ck" CHECK ("invoice_documents"."kind" IN ('TD01', 'TD04')),
	CONSTRAINT "invoice_documents_state_ck" CHECK ("invoice_documents"."sdi_state" IN ('ready', 'sent', 'delivered', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "invoice_sequences" (
	"year" smallint PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_sequences_positive" CHECK ("invoice_sequences"."last_number" > 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_number_uq" ON "invoice_documents" USING btree ("year","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_transmission_uq" ON "invoice_documents" USING btree ("transmission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_order_invoice_uq" ON "invoice_documents" USING btree ("order_id") WHERE "invoice_documents"."kind" = 'TD01';--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_refund_uq" ON "invoice_documents" USING btree ("refund_id") WHERE "invoice_documents"."refund_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "invoice_documents_order_idx" ON "invoice_documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoice_documents_issued_idx" ON "invoice_documents" USING btree ("issued_on");