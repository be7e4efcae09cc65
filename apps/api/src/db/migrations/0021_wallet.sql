CREATE TABLE "wallet_movements" (
	"movement_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"cause" varchar(20) NOT NULL,
	"order_id" integer,
	"staff_user_id" integer,
	"reason" text,
	"idempotency_key" varchar(80),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_movements_balance" CHECK ("wallet_movements"."balance_cents" >= 0),
	CONSTRAINT "wallet_movements_amount" CHECK ("wallet_movements"."amount_cents" <> 0),
	CONSTRAINT "wallet_movements_seq" CHECK ("wallet_movements"."seq" >= 1),
	CONSTRAINT "wallet_movements_cause" CHECK ("wallet_movements"."cause" IN ('goodwill', 'refund', 'invite', 'order_payment', 'order_refund'))
);
--> statement-breakpoint
ALTER TABLE "wallet_movements" ADD CONSTRAINT "wallet_movements_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_movements" ADD CONSTRAINT "wallet_movements_staff_user_id_staff_members_user_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_members"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_movements_user_seq_idx" ON "wallet_movements" USING btree ("user_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_movements_key_idx" ON "wallet_movements" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "wallet_movements_order_idx" ON "wallet_movements" USING btree ("order_id");