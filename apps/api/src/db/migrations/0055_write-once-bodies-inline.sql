-- A mail's bodies (written once by the order's confirmation, read once by the sender) and the prepared purchase
-- (written by checkout/prepare, read by checkout/buy) are kept inline without compression up to a row of 8160
-- bytes: PostgreSQL compresses (pglz) a row's largest values from 2 KB on, which costs more CPU than the bytes
-- it saves are worth for rows written once per order and read once (decision 059, session 47). Bigger rows are
-- compressed and moved out of line as before.
ALTER TABLE "mail_outbox" SET (toast_tuple_target = 8160);
--> statement-breakpoint
ALTER TABLE "cart_checkouts" SET (toast_tuple_target = 8160);
