CREATE TABLE "integration_batches" (
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"batch_id" text NOT NULL,
	"body_hash" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_calls" (
	"call_id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer,
	"route" text NOT NULL,
	"scope" text,
	"batch_id" text,
	"http_status" smallint NOT NULL,
	"outcome" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_clients" (
	"client_id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"webhook_url" text,
	"webhook_events" text[] DEFAULT '{}'::text[] NOT NULL,
	"webhook_secret" text
);
--> statement-breakpoint
CREATE TABLE "integration_deliveries" (
	"delivery_id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"event_seq" bigint NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_status" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_order_events" (
	"event_id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" smallint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"scopes" text[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integration_batches" ADD CONSTRAINT "integration_batches_client_id_integration_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."integration_clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_calls" ADD CONSTRAINT "integration_calls_client_id_integration_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."integration_clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_clients" ADD CONSTRAINT "integration_clients_created_by_staff_members_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_members"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_deliveries" ADD CONSTRAINT "integration_deliveries_client_id_integration_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."integration_clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_tokens" ADD CONSTRAINT "integration_tokens_client_id_integration_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."integration_clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_batches_uq" ON "integration_batches" USING btree ("client_id","kind","batch_id");--> statement-breakpoint
CREATE INDEX "integration_calls_client_idx" ON "integration_calls" USING btree ("client_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_clients_public_uq" ON "integration_clients" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_deliveries_uq" ON "integration_deliveries" USING btree ("client_id","event_seq");--> statement-breakpoint
CREATE INDEX "integration_deliveries_state_idx" ON "integration_deliveries" USING btree ("state","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_order_events_seq_uq" ON "integration_order_events" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "integration_order_events_pending_idx" ON "integration_order_events" USING btree ("event_id") WHERE "integration_order_events"."seq" IS NULL;--> statement-breakpoint
CREATE INDEX "integration_tokens_expiry_idx" ON "integration_tokens" USING btree ("expires_at");