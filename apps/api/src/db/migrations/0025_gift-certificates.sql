CREATE TABLE "promovar_refreshes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	"delivered_orders" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD COLUMN "owner_user_id" integer;--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD COLUMN "source" varchar(10);--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD COLUMN "granted_by" integer;--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD COLUMN "conditions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD COLUMN "crm_segment_id" integer;--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD COLUMN "min_profile_level" smallint;--> statement-breakpoint
ALTER TABLE "promovar_refreshes" ADD CONSTRAINT "promovar_refreshes_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD CONSTRAINT "gift_certificates_owner_user_id_users_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD CONSTRAINT "gift_certificates_granted_by_staff_members_user_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."staff_members"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_certificates_owner_idx" ON "gift_certificates" USING btree ("owner_user_id") WHERE "gift_certificates"."owner_user_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD CONSTRAINT "gift_certificates_personal_ck" CHECK ("gift_certificates"."owner_user_id" IS NULL OR ("gift_certificates"."max_uses" = 1 AND "gift_certificates"."source" IN ('manual', 'invite', 'crm')));