CREATE TABLE "premium_products" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"chosen_on" date NOT NULL,
	"chosen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "premium_products" ADD CONSTRAINT "premium_products_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;