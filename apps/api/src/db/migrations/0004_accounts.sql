CREATE TABLE "loyalty_cards" (
	"card_number" text PRIMARY KEY NOT NULL,
	"card_type" text NOT NULL,
	"holder_last_name" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"mail_id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"template" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"transport" text NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "person_fiscals" (
	"person_fiscal_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"person_type_id" smallint NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"fiscal_code" text DEFAULT '' NOT NULL,
	"vat_code" text DEFAULT '' NOT NULL,
	"pec" text DEFAULT '' NOT NULL,
	"sdi_code" text DEFAULT '' NOT NULL,
	"ipa_code" text DEFAULT '' NOT NULL,
	"cig" text DEFAULT '' NOT NULL,
	"determination_number" text DEFAULT '' NOT NULL,
	"determination_date" text DEFAULT '' NOT NULL,
	"contact_person" text DEFAULT '' NOT NULL,
	"address1" text NOT NULL,
	"address_number" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person_infos" (
	"user_id" integer NOT NULL,
	"person_info_type_id" smallint NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_disclaimers" (
	"registration_disclaimer_id" integer PRIMARY KEY NOT NULL,
	"registration_module_type_id" smallint NOT NULL,
	"store_id" integer NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"descr" text NOT NULL,
	"required" boolean NOT NULL,
	"priority" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"remember_me" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text DEFAULT '' NOT NULL,
	"client_ip" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_disclaimers" (
	"user_id" integer NOT NULL,
	"registration_disclaimer_id" integer NOT NULL,
	"value" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"token_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"payload" jsonb,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"user_type_id" smallint DEFAULT 2 NOT NULL,
	"profile_confirmed" boolean DEFAULT false NOT NULL,
	"beta_tester" boolean DEFAULT false NOT NULL,
	"company_id" integer,
	"profile_level" smallint DEFAULT 1 NOT NULL,
	"legal_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"crm_segment_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"mfa_enabled" boolean DEFAULT false NOT NULL,
	"card_number" text,
	"default_store_address_id" integer,
	"default_delivery_address_id" integer,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"fiscal_code" text DEFAULT '' NOT NULL,
	"birth_date" date,
	"birth_country" text DEFAULT '' NOT NULL,
	"birth_place" text DEFAULT '' NOT NULL,
	"gender" text,
	"italian_citizen" boolean DEFAULT true NOT NULL,
	"home_phone" text DEFAULT '' NOT NULL,
	"mobile_phone" text DEFAULT '' NOT NULL,
	"address1" text DEFAULT '' NOT NULL,
	"address_number" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"country_id" integer DEFAULT 1 NOT NULL,
	"contact_email" boolean DEFAULT true NOT NULL,
	"contact_sms" boolean DEFAULT false NOT NULL,
	"contact_push" boolean DEFAULT false NOT NULL,
	"contact_whatsapp" boolean DEFAULT false NOT NULL,
	"marketing_consent" boolean DEFAULT false NOT NULL,
	"profiling_consent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"anonymized_at" timestamp with time zone,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "person_fiscals" ADD CONSTRAINT "person_fiscals_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_infos" ADD CONSTRAINT "person_infos_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_disclaimers" ADD CONSTRAINT "user_disclaimers_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_disclaimers" ADD CONSTRAINT "user_disclaimers_registration_disclaimer_id_registration_disclaimers_registration_disclaimer_id_fk" FOREIGN KEY ("registration_disclaimer_id") REFERENCES "public"."registration_disclaimers"("registration_disclaimer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_card_number_loyalty_cards_card_number_fk" FOREIGN KEY ("card_number") REFERENCES "public"."loyalty_cards"("card_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree (lower("to_address"),"mail_id");--> statement-breakpoint
CREATE INDEX "person_fiscals_user_idx" ON "person_fiscals" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "person_infos_pk" ON "person_infos" USING btree ("user_id","person_info_type_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_disclaimers_pk" ON "user_disclaimers" USING btree ("user_id","registration_disclaimer_id");--> statement-breakpoint
CREATE INDEX "user_tokens_user_purpose_idx" ON "user_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "user_tokens_hash_idx" ON "user_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_uq" ON "users" USING btree (lower("login"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_card_uq" ON "users" USING btree ("card_number");