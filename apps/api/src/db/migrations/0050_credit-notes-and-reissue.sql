ALTER TABLE "invoice_documents" DROP CONSTRAINT "invoice_documents_state_ck";--> statement-breakpoint
DROP INDEX "invoice_documents_number_uq";--> statement-breakpoint
DROP INDEX "invoice_documents_order_invoice_uq";--> statement-breakpoint
DROP INDEX "invoice_documents_refund_uq";--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "order_item_id" integer;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "line_quantity" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD COLUMN "wallet_movement_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD COLUMN "replaces_document_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_wallet_uq" ON "invoice_documents" USING btree ("wallet_movement_id") WHERE "invoice_documents"."wallet_movement_id" IS NOT NULL AND "invoice_documents"."sdi_state" <> 'replaced';--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_replaces_uq" ON "invoice_documents" USING btree ("replaces_document_id") WHERE "invoice_documents"."replaces_document_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_number_uq" ON "invoice_documents" USING btree ("year","number") WHERE "invoice_documents"."sdi_state" <> 'replaced';--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_order_invoice_uq" ON "invoice_documents" USING btree ("order_id") WHERE "invoice_documents"."kind" = 'TD01' AND "invoice_documents"."sdi_state" <> 'replaced';--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_refund_uq" ON "invoice_documents" USING btree ("refund_id") WHERE "invoice_documents"."refund_id" IS NOT NULL AND "invoice_documents"."sdi_state" <> 'replaced';--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_line_ck" CHECK (("payment_refunds"."order_item_id" IS NULL AND "payment_refunds"."line_quantity" IS NULL) OR ("payment_refunds"."order_item_id" IS NOT NULL AND "payment_refunds"."line_quantity" > 0));--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_state_ck" CHECK ("invoice_documents"."sdi_state" IN ('ready', 'sent', 'delivered', 'rejected', 'replaced'));