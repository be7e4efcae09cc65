ALTER TABLE "orders" DROP CONSTRAINT "orders_money_ck";--> statement-breakpoint
ALTER TABLE "cart_checkouts" ADD COLUMN "meal_vouchers" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "meal_voucher_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "meal_voucher_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_ck" CHECK ("orders"."total_cents" >= 0 AND "orders"."wallet_cents" >= 0 AND "orders"."meal_voucher_cents" >= 0
          AND "orders"."meal_voucher_fee_cents" >= 0 AND "orders"."wallet_cents" + "orders"."meal_voucher_cents" <= "orders"."total_cents"
          AND "orders"."preauth_cents" + "orders"."wallet_cents" + "orders"."meal_voucher_cents" >= "orders"."total_cents");