ALTER TABLE "push_devices" ALTER COLUMN "endpoint" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "push_devices" ALTER COLUMN "p256dh" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "push_devices" ALTER COLUMN "auth" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "push_devices" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "push_devices" ADD CONSTRAINT "push_devices_web_subscription_ck" CHECK ("push_devices"."platform" <> 'web' OR ("push_devices"."endpoint" IS NOT NULL AND "push_devices"."p256dh" IS NOT NULL AND "push_devices"."auth" IS NOT NULL));