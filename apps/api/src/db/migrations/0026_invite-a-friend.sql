CREATE TABLE "invite_codes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"code" varchar(12) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invite_referrals" (
	"friend_user_id" integer PRIMARY KEY NOT NULL,
	"inviter_user_id" integer NOT NULL,
	"friend_gift_certificate_id" integer NOT NULL,
	"state" varchar(10) DEFAULT 'waiting' NOT NULL,
	"no_reward_reason" varchar(12),
	"voucher_no" smallint,
	"voucher_gift_certificate_id" integer,
	"friend_order_id" integer,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "invite_referrals_state" CHECK ("invite_referrals"."state" IN ('waiting', 'rewarded', 'no_reward')),
	CONSTRAINT "invite_referrals_settled" CHECK (("invite_referrals"."state" = 'waiting' AND "invite_referrals"."voucher_no" IS NULL AND "invite_referrals"."no_reward_reason" IS NULL)
        OR ("invite_referrals"."state" = 'rewarded' AND "invite_referrals"."voucher_no" BETWEEN 1 AND 10 AND "invite_referrals"."voucher_gift_certificate_id" IS NOT NULL)
        OR ("invite_referrals"."state" = 'no_reward' AND "invite_referrals"."no_reward_reason" IN ('same_person', 'limit'))),
	CONSTRAINT "invite_referrals_not_self" CHECK ("invite_referrals"."friend_user_id" <> "invite_referrals"."inviter_user_id")
);
--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD COLUMN "first_order_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invite_codes" ADD CONSTRAINT "invite_codes_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_referrals" ADD CONSTRAINT "invite_referrals_friend_user_id_users_user_id_fk" FOREIGN KEY ("friend_user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_referrals" ADD CONSTRAINT "invite_referrals_inviter_user_id_users_user_id_fk" FOREIGN KEY ("inviter_user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_referrals" ADD CONSTRAINT "invite_referrals_friend_gift_certificate_id_gift_certificates_gift_certificate_id_fk" FOREIGN KEY ("friend_gift_certificate_id") REFERENCES "public"."gift_certificates"("gift_certificate_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_referrals" ADD CONSTRAINT "invite_referrals_voucher_gift_certificate_id_gift_certificates_gift_certificate_id_fk" FOREIGN KEY ("voucher_gift_certificate_id") REFERENCES "public"."gift_certificates"("gift_certificate_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invite_codes_code_uq" ON "invite_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "invite_referrals_inviter_idx" ON "invite_referrals" USING btree ("inviter_user_id");--> statement-breakpoint
CREATE INDEX "invite_referrals_waiting_idx" ON "invite_referrals" USING btree ("friend_user_id") WHERE "invite_referrals"."state" = 'waiting';--> statement-breakpoint
CREATE UNIQUE INDEX "invite_referrals_voucher_uq" ON "invite_referrals" USING btree ("inviter_user_id","voucher_no") WHERE "invite_referrals"."voucher_no" IS NOT NULL;