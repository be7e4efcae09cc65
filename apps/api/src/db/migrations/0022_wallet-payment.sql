ALTER TABLE "orders" DROP CONSTRAINT "orders_money_ck";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "wallet_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_ck" CHECK ("orders"."total_cents" >= 0 AND "orders"."wallet_cents" >= 0 AND "orders"."wallet_cents" <= "orders"."total_cents"
          AND "orders"."preauth_cents" + "orders"."wallet_cents" >= "orders"."total_cents");