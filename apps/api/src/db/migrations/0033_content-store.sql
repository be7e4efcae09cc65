CREATE TABLE "ad_slots" (
	"slot_id" serial PRIMARY KEY NOT NULL,
	"route_path" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"img" text,
	"link" text,
	"product_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_slots_kind_check" CHECK ("ad_slots"."kind" IN ('banner', 'product')),
	CONSTRAINT "ad_slots_product_check" CHECK ("ad_slots"."kind" <> 'product' OR "ad_slots"."product_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "content_menu_items" (
	"item_id" serial PRIMARY KEY NOT NULL,
	"location" text NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "content_menu_items_location_check" CHECK ("content_menu_items"."location" IN ('header', 'footer', 'profile'))
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"page_id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"validity_text" text DEFAULT '' NOT NULL,
	"seo_title" text DEFAULT '' NOT NULL,
	"seo_description" text DEFAULT '' NOT NULL,
	"template" text DEFAULT 'default' NOT NULL,
	"form_id" integer,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_pages_template_check" CHECK ("content_pages"."template" IN ('default', 'stores', 'faq'))
);
--> statement-breakpoint
CREATE TABLE "content_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ad_slots_route_path_idx" ON "ad_slots" USING btree ("route_path");--> statement-breakpoint
CREATE INDEX "content_menu_items_location_idx" ON "content_menu_items" USING btree ("location","position");--> statement-breakpoint
CREATE UNIQUE INDEX "content_pages_slug_idx" ON "content_pages" USING btree ("slug");