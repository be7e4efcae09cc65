CREATE TABLE "catalogue_import_rows" (
	"import_id" integer NOT NULL,
	"line" integer NOT NULL,
	"code" text NOT NULL,
	"cells" jsonb NOT NULL,
	"outcome" text,
	"issues" jsonb,
	CONSTRAINT "catalogue_import_rows_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
CREATE TABLE "catalogue_imports" (
	"import_id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"file_kind" text NOT NULL,
	"columns" text[] NOT NULL,
	"total_rows" integer NOT NULL,
	"state" text NOT NULL,
	"mode" text,
	"done_rows" integer DEFAULT 0 NOT NULL,
	"cursor_line" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"staff_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "catalogue_import_rows" ADD CONSTRAINT "catalogue_import_rows_import_id_catalogue_imports_import_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalogue_imports"("import_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_import_rows_code_idx" ON "catalogue_import_rows" USING btree ("import_id","code");--> statement-breakpoint
CREATE INDEX "catalogue_import_rows_refused_idx" ON "catalogue_import_rows" USING btree ("import_id","line") WHERE outcome = 'refused';