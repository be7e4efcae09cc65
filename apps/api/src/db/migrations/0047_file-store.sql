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
-- the chunks are mostly images and PDFs, compressed already: kept out of line without trying to compress them
ALTER TABLE "stored_file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
--> statement-breakpoint
-- a mail's attachments name their file by its key in the file store (forms/<stored name>), not a path on disk
UPDATE "mail_attachments" SET "file_path" = 'forms/' || regexp_replace("file_path", '^.*/', '') WHERE "file_path" LIKE '/%';
