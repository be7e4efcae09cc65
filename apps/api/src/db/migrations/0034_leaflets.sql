CREATE TABLE "leaflet_products" (
	"leaflet_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"page" smallint NOT NULL,
	"position" smallint NOT NULL,
	"department" text NOT NULL,
	"caption" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"format" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"list_price_cents" integer,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"w" double precision NOT NULL,
	"h" double precision NOT NULL,
	CONSTRAINT "leaflet_products_leaflet_id_product_id_pk" PRIMARY KEY("leaflet_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "leaflets" (
	"leaflet_id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"leaflet_type_id" smallint NOT NULL,
	"warehouse_id" integer,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"page_count" smallint NOT NULL,
	"files_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaflets_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "leaflet_products" ADD CONSTRAINT "leaflet_products_leaflet_id_leaflets_leaflet_id_fk" FOREIGN KEY ("leaflet_id") REFERENCES "public"."leaflets"("leaflet_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaflets" ADD CONSTRAINT "leaflets_warehouse_id_warehouses_warehouse_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("warehouse_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leaflet_products_page_idx" ON "leaflet_products" USING btree ("leaflet_id","page","position");--> statement-breakpoint
CREATE INDEX "leaflet_products_product_idx" ON "leaflet_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "leaflets_valid_idx" ON "leaflets" USING btree ("to_date","from_date");--> statement-breakpoint
CREATE INDEX "leaflets_warehouse_idx" ON "leaflets" USING btree ("warehouse_id");