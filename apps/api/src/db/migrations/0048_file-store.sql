CREATE TABLE "stored_file_chunks" (
	"blob_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_file_chunks_blob_id_seq_pk" PRIMARY KEY("blob_id","seq")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"blob_id" uuid NOT NULL,
	"size_bytes" bigint NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_blob_id_unique" UNIQUE("blob_id")
);
--> statement-breakpoint
CREATE TABLE "demo_idp_records" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"user_code" text,
	"consumed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "demo_idp_records_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
ALTER TABLE "product_images" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "demo_idp_records_uid_idx" ON "demo_idp_records" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "demo_idp_records_grant_idx" ON "demo_idp_records" USING btree ("grant_id");--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
--> statement-breakpoint
-- a mail's attachments name their file by its key in the file store (forms/<stored name>), not a path on disk
UPDATE "mail_attachments" SET "file_path" = 'forms/' || regexp_replace("file_path", '^.*/', '') WHERE "file_path" LIKE '/%';
