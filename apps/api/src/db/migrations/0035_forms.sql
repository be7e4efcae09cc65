CREATE TABLE "mail_attachments" (
	"attachment_id" serial PRIMARY KEY NOT NULL,
	"mail_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"file_path" text NOT NULL,
	"size_bytes" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_definitions" (
	"form_id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"settings" jsonb NOT NULL,
	"fields" jsonb NOT NULL,
	"recipient" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_definitions_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "form_nonces" (
	"nonce_id" serial PRIMARY KEY NOT NULL,
	"nonce_hash" text NOT NULL,
	"form_id" integer NOT NULL,
	"user_id" integer,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "form_nonces_nonce_hash_unique" UNIQUE("nonce_hash")
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"submission_id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"user_id" integer,
	"ticket_type" smallint NOT NULL,
	"answers" jsonb NOT NULL,
	"mail_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"delete_after" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_uploads" (
	"upload_id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"nonce_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"original_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"submission_id" integer,
	CONSTRAINT "form_uploads_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_mail_id_mail_outbox_mail_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("mail_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_nonces" ADD CONSTRAINT "form_nonces_form_id_form_definitions_form_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."form_definitions"("form_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_nonces" ADD CONSTRAINT "form_nonces_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_form_id_form_definitions_form_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."form_definitions"("form_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_uploads" ADD CONSTRAINT "form_uploads_nonce_id_form_nonces_nonce_id_fk" FOREIGN KEY ("nonce_id") REFERENCES "public"."form_nonces"("nonce_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_uploads" ADD CONSTRAINT "form_uploads_submission_id_form_submissions_submission_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("submission_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_attachments_mail_idx" ON "mail_attachments" USING btree ("mail_id");--> statement-breakpoint
CREATE INDEX "form_nonces_expires_idx" ON "form_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "form_submissions_delete_after_idx" ON "form_submissions" USING btree ("delete_after");--> statement-breakpoint
CREATE INDEX "form_uploads_submission_idx" ON "form_uploads" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "form_uploads_created_idx" ON "form_uploads" USING btree ("created_at");