CREATE TABLE "leaflet_warehouses" (
	"leaflet_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	CONSTRAINT "leaflet_warehouses_leaflet_id_warehouse_id_pk" PRIMARY KEY("leaflet_id","warehouse_id")
);
--> statement-breakpoint
ALTER TABLE "leaflets" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "leaflets" ADD COLUMN "source" text DEFAULT 'drawn' NOT NULL;--> statement-breakpoint
ALTER TABLE "leaflets" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "leaflet_warehouses" ADD CONSTRAINT "leaflet_warehouses_leaflet_id_leaflets_leaflet_id_fk" FOREIGN KEY ("leaflet_id") REFERENCES "public"."leaflets"("leaflet_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaflet_warehouses" ADD CONSTRAINT "leaflet_warehouses_warehouse_id_warehouses_warehouse_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("warehouse_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leaflet_warehouses_warehouse_idx" ON "leaflet_warehouses" USING btree ("warehouse_id");