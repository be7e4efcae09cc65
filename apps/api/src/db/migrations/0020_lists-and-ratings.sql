CREATE TABLE "wishlist_items" (
	"item_id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" numeric(10, 3) NOT NULL,
	"infos" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_quantity_positive" CHECK ("wishlist_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "wishlist_shares" (
	"list_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"grant" varchar(5) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_shares_list_id_user_id_pk" PRIMARY KEY("list_id","user_id"),
	CONSTRAINT "wishlist_shares_grant" CHECK ("wishlist_shares"."grant" IN ('READ', 'WRITE'))
);
--> statement-breakpoint
CREATE TABLE "wishlists" (
	"list_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"confirmed_address_id" integer,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_rating_summaries" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"rating_sum" numeric(12, 1) DEFAULT '0' NOT NULL,
	"stars_1" integer DEFAULT 0 NOT NULL,
	"stars_2" integer DEFAULT 0 NOT NULL,
	"stars_3" integer DEFAULT 0 NOT NULL,
	"stars_4" integer DEFAULT 0 NOT NULL,
	"stars_5" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_votes" (
	"vote_id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" numeric(2, 1) NOT NULL,
	"title" varchar(120) DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"status" varchar(10) NOT NULL,
	"rejection_reason" text,
	"approval_date" timestamp with time zone,
	"moderated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_votes_rating" CHECK ("product_votes"."rating" BETWEEN 1 AND 5 AND "product_votes"."rating" * 2 = trunc("product_votes"."rating" * 2)),
	CONSTRAINT "product_votes_status" CHECK ("product_votes"."status" IN ('approved', 'pending', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_list_id_wishlists_list_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."wishlists"("list_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_shares" ADD CONSTRAINT "wishlist_shares_list_id_wishlists_list_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."wishlists"("list_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_shares" ADD CONSTRAINT "wishlist_shares_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlists" ADD CONSTRAINT "wishlists_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlists" ADD CONSTRAINT "wishlists_confirmed_address_id_addresses_address_id_fk" FOREIGN KEY ("confirmed_address_id") REFERENCES "public"."addresses"("address_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_votes" ADD CONSTRAINT "product_votes_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_votes" ADD CONSTRAINT "product_votes_moderated_by_staff_members_user_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."staff_members"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_items_list_product_idx" ON "wishlist_items" USING btree ("list_id","product_id");--> statement-breakpoint
CREATE INDEX "wishlist_shares_user_idx" ON "wishlist_shares" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wishlists_user_idx" ON "wishlists" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wishlists_one_default_idx" ON "wishlists" USING btree ("user_id") WHERE "wishlists"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "product_votes_product_user_idx" ON "product_votes" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "product_votes_user_idx" ON "product_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "product_votes_pending_idx" ON "product_votes" USING btree ("created_at") WHERE "product_votes"."status" = 'pending';