CREATE TABLE "content_posts" (
	"post_id" serial PRIMARY KEY NOT NULL,
	"post_type" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"img" text,
	"terms" text[] DEFAULT '{}'::text[] NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_posts_type_check" CHECK ("content_posts"."post_type" IN ('ricette'))
);
--> statement-breakpoint
CREATE TABLE "content_slides" (
	"slide_id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"img" text,
	"link" text,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"delivery_service_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "content_slides_span_check" CHECK ("content_slides"."valid_from" <= "content_slides"."valid_to")
);
--> statement-breakpoint
CREATE TABLE "content_ux_blocks" (
	"block_id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"terms" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "content_posts_type_slug_idx" ON "content_posts" USING btree ("post_type","slug");--> statement-breakpoint
CREATE INDEX "content_posts_type_date_idx" ON "content_posts" USING btree ("post_type","published_at");--> statement-breakpoint
CREATE INDEX "content_slides_valid_idx" ON "content_slides" USING btree ("valid_from","valid_to");--> statement-breakpoint
CREATE UNIQUE INDEX "content_ux_blocks_slug_idx" ON "content_ux_blocks" USING btree ("slug");