import type { Kysely } from "kysely";
import type { DialectName } from "../dialect.js";

/**
 * Money given back for a payment the site has not recorded yet: a full refund (`charge.refunded`)
 * or a lost dispute (`charge.dispute.closed`) that Stripe delivered before the edition's
 * `checkout.session.completed` (Stripe keeps no order, and never sends a 200'd event again).
 * The payment is recorded as refunded when it arrives, and its row here removed in the same
 * transaction (editions.repo.ts). Nothing personal: a payment's id, what gave it back, when.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable("early_refunds")
    .addColumn("provider_payment_id", "text", (c) => c.primaryKey())
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("received_at", "bigint", (c) => c.notNull())
    // How much went back, when the event says (a dispute's amount); null: the whole payment.
    .addColumn("amount_cents", "bigint")
    .execute();
}
