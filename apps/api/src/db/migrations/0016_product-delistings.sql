CREATE TABLE "product_delistings" (
	"product_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	CONSTRAINT "product_delistings_product_id_warehouse_id_pk" PRIMARY KEY("product_id","warehouse_id")
);
--> statement-breakpoint
ALTER TABLE "product_delistings" ADD CONSTRAINT "product_delistings_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE cascade ON UPDATE no action;