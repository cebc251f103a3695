import { editionCapOf, type Licence } from "@sawdust/shared";
import { type SqlBool, sql } from "kysely";
import { containsPattern, foldedContains } from "../../db/contains-pattern.js";
import type { Db } from "../../db/database.js";
import type { DialectName } from "../../db/dialect.js";
import { CompiledShapes } from "../../db/prepared-once.js";
import type { EditionSaleRow } from "../../db/schema.js";
import { newJobRow } from "../../jobs/new-job.js";
import { type AuditEntryInput, newAuditRow } from "../audit/audit.repo.js";
import { keepingFacetCounts } from "../images/facet-counts.repo.js";
import { MAIL_JOB, MAIL_MAX_ATTEMPTS, type MailMessage } from "../mail/mail.constants.js";

import { collectorName } from "./collector-name.js";

/**
 * A sale's piece as its lists and certificate show it: the piece's own title, edition type and
 * size while it exists, what the sale kept of them (0038) once it is deleted.
 */
const soldPiece = {
  editionType: sql<
    string | null
  >`case when images.id is null then edition_sales.edition_type else images.edition_type end`.as(
    "image_edition_type",
  ),
  title: sql<
    string | null
  >`case when images.id is null then edition_sales.title else images.title end`.as("title"),
  maxEditions: sql<
    number | null
  >`case when images.id is null then edition_sales.max_editions else images.max_editions end`.as(
    "max_editions",
  ),
};

/** What the admin's sales list is filtered by. */
export interface AdminSaleFilters {
  status?: EditionSaleRow["status"];
  /** Part of the piece's title or the buyer's username. */
  q?: string;
}

/**
 * What taking a hold did: took it, or found the piece sold out (a 1/1 the buyer owns: owned) or
 * every edition held.
 */
export type ReserveOutcome =
  | {
      kind: "reserved";
      reservationId: number;
      /** The checkouts of the buyer's earlier holds on the piece, which this one replaced. */
      replacedCheckouts: string[];
    }
  | { kind: "sold_out" }
  | { kind: "owned" }
  | { kind: "held"; releasedBy: number };

/** A sold 1/1's collector as others see them: named, or collecting privately. */
export type Collector = { kind: "named"; name: string } | { kind: "private" };

/**
 * What a confirmed payment did: sold a numbered edition, was declined (to be refunded), or was
 * refunded already (its refund or lost dispute arrived first: recorded refunded, never numbered).
 */
export type PaymentOutcome =
  | { kind: "sold"; saleId: number; number: number }
  | { kind: "declined"; saleId: number }
  | { kind: "refunded"; saleId: number }
  | { kind: "duplicate" };

/**
 * How long a refund of a payment not recorded yet is kept for it: far longer than a payment's
 * event can lag behind its refund (Stripe retries a delivery for 3 days; a checkout lives at most
 * 24 hours). One kept past it names a payment that is no edition's (a Pro invoice's refund).
 */
export const EARLY_REFUND_KEPT_MS = 30 * 24 * 3600 * 1000;

export interface ConfirmedPayment {
  event: { id: string; type: string; receivedAt: number };
  imageId: number;
  userId: number;
  reservationId: number | null;
  /** The checkout session paid (the buyer's return page asks how it ended by it). */
  checkoutId: string | null;
  licence: Licence;
  priceCents: number;
  provider: string;
  paymentId: string;
  now: number;
  /** The original's SHA-256 and the new certificate's id, used when the payment sells. */
  originalSha256: string;
  certificateId: string;
  /** The buyer's receipt for the edition numbered so: queued in the sale's own transaction. */
  receipt?: (number: number) => MailMessage;
  /** What the buyer is told when no edition is left for the payment (it is refunded). */
  refundNotice?: MailMessage;
  /** What the buyer is told when the piece was withdrawn (deleted, or being deleted). */
  withdrawnNotice?: MailMessage;
}

/**
 * Editions' holds, sales and certificates. Every change to a piece's count runs in one
 * transaction that first locks the piece's row (PostgreSQL `for update`; SQLite runs one writing
 * transaction at a time), so the count of sold editions plus live holds is read and changed by
 * one buyer at a time: 50 buyers at once for a 1/1 take one hold, and numbers follow one another.
 */
export class EditionsRepo {
  private readonly collectorShapes = new CompiledShapes();

  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
  ) {}

  /**
   * Holds one edition for the buyer until `expiresAt`, unless the piece is sold out or every
   * edition left is held. Lapsed holds are released first, and so is an earlier hold of this
   * buyer's for the piece (a second checkout replaces the first).
   */
  async reserve(input: {
    imageId: number;
    userId: number;
    licence: Licence;
    priceCents: number;
    now: number;
    expiresAt: number;
  }): Promise<ReserveOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const image = await this.lockImage(trx, input.imageId);
      // A piece being deleted is as gone as a deleted one.
      if (image?.status !== "ready") return { kind: "sold_out" };
      await trx
        .updateTable("edition_reservations")
        .set({ status: "expired" })
        .where("image_id", "=", input.imageId)
        .where("status", "=", "active")
        .where("expires_at", "<=", input.now)
        .execute();
      // The buyer's earlier hold on the piece gives way to this one; its checkout is expired by
      // the caller (paid too, it would charge them twice).
      const replaced = await trx
        .updateTable("edition_reservations")
        .set({ status: "released" })
        .where("image_id", "=", input.imageId)
        .where("user_id", "=", input.userId)
        .where("status", "=", "active")
        .returning("checkout_id")
        .execute();
      const cap = editionCapOf(image.edition_type, image.max_editions);
      if (cap !== null) {
        if (image.sold_editions >= cap) {
          // Whose the 1/1 is, read under the piece's lock as its sold count is: its owner is not
          // told someone else collected it.
          const owned =
            image.edition_type === "one_of_one" &&
            (await trx
              .selectFrom("edition_sales")
              .select("id")
              .where("image_id", "=", input.imageId)
              .where("user_id", "=", input.userId)
              .where("status", "=", "sold")
              .executeTakeFirst()) !== undefined;
          return { kind: owned ? "owned" : "sold_out" };
        }
        const holds = await trx
          .selectFrom("edition_reservations")
          .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("expires_at").as("first")])
          .where("image_id", "=", input.imageId)
          .where("status", "=", "active")
          .executeTakeFirstOrThrow();
        if (image.sold_editions + Number(holds.n) >= cap) {
          return { kind: "held", releasedBy: Number(holds.first ?? input.expiresAt) };
        }
      }
      const row = await trx
        .insertInto("edition_reservations")
        .values({
          image_id: input.imageId,
          user_id: input.userId,
          licence: input.licence,
          price_cents: input.priceCents,
          checkout_id: null,
          status: "active",
          created_at: input.now,
          expires_at: input.expiresAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return {
        kind: "reserved",
        reservationId: Number(row.id),
        replacedCheckouts: replaced.flatMap((r) => (r.checkout_id ? [r.checkout_id] : [])),
      };
    });
  }

  /** Writes an audit entry, and queues `notice` (a mail) with it when one is given. */
  async recordAudit(entry: AuditEntryInput, now: number, notice?: MailMessage): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto("audit_log").values(newAuditRow(entry, now)).execute();
      if (notice) {
        await trx
          .insertInto("jobs")
          .values(newJobRow(MAIL_JOB, null, notice, MAIL_MAX_ATTEMPTS, now))
          .execute();
      }
    });
  }

  /**
   * Writes the checkout made for a hold, and says whether the hold still stands. A newer checkout
   * of the buyer's for the piece (a second click, another tab) can replace the hold while this
   * checkout is being made: its `reserve` let the hold go before this id was written, so could
   * not close this checkout, and the caller must. One statement on the hold's row: a `reserve`
   * that comes after it reads the id and closes the checkout itself.
   */
  async attachCheckout(reservationId: number, checkoutId: string): Promise<boolean> {
    const row = await this.db
      .updateTable("edition_reservations")
      .set({ checkout_id: checkoutId })
      .where("id", "=", reservationId)
      .returning("status")
      .executeTakeFirst();
    return row?.status === "active";
  }

  /**
   * Marks the hold whose checkout a newer one replaced `closed` (its checkout expired at the
   * provider, unpaid), where it was `released`: its buyer's return page reads it ended at once,
   * rather than once it would have lapsed. A payment that comes all the same is recorded as for
   * any hold let go.
   */
  async markCheckoutClosed(checkoutId: string): Promise<void> {
    await this.db
      .updateTable("edition_reservations")
      .set({ status: "closed" })
      .where("checkout_id", "=", checkoutId)
      .where("status", "=", "released")
      .execute();
  }

  /** Lets a hold go (its checkout could not be made). */
  async release(reservationId: number): Promise<void> {
    await this.db
      .updateTable("edition_reservations")
      .set({ status: "released" })
      .where("id", "=", reservationId)
      .where("status", "=", "active")
      .execute();
  }

  /**
   * Records a confirmed payment, once per webhook event and once per payment, in one transaction
   * under the piece's lock. It sells the next number when the buyer's hold still stands, or, the
   * hold gone, when an edition is still free of sales and of other buyers' live holds; otherwise
   * the payment is declined (recorded unnumbered, for the caller to refund). Never oversells.
   * A payment whose refund (or lost dispute) arrived first is recorded refunded: no number, its
   * hold released, no certificate or receipt, and the kept refund removed.
   */
  async recordPayment(p: ConfirmedPayment): Promise<PaymentOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const fresh = await trx
        .insertInto("billing_events")
        .values({ id: p.event.id, type: p.event.type, received_at: p.event.receivedAt })
        .onConflict((oc) => oc.column("id").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!fresh) return { kind: "duplicate" };
      await this.lockPayment(trx, p.paymentId);
      // An account deleted as its payment lands buys nothing: its payment is declined, and
      // refunded by the caller (round 58: the piece went to no one, the money kept). Read under
      // a lock taken before the piece's, as the deletion takes the account's before any piece's.
      const buyerGone = await this.buyerDeleted(trx, p.userId);
      const locked = await this.lockImage(trx, p.imageId);
      // A piece being deleted sells no more (its row goes with the janitor's last step).
      const image = locked?.status === "ready" && !buyerGone ? locked : undefined;
      const known = await trx
        .selectFrom("edition_sales")
        .select("id")
        .where("provider_payment_id", "=", p.paymentId)
        .executeTakeFirst();
      if (known) return { kind: "duplicate" };
      const keptRefund = await trx
        .deleteFrom("early_refunds")
        .where("provider_payment_id", "=", p.paymentId)
        .returning("amount_cents")
        .executeTakeFirst();
      // Only the whole payment given back unmakes the sale (a part of it, a dispute lost over
      // some of the amount, leaves the buyer their piece, as a partial refund does).
      const refundedFirst =
        keptRefund !== undefined &&
        (keptRefund.amount_cents === null || Number(keptRefund.amount_cents) >= p.priceCents);
      const hold =
        p.reservationId === null
          ? undefined
          : await trx
              .selectFrom("edition_reservations")
              .select(["id", "status", "expires_at"])
              .where("id", "=", p.reservationId)
              .where("image_id", "=", p.imageId)
              .where("user_id", "=", p.userId)
              .executeTakeFirst();
      const sale = {
        image_id: p.imageId,
        user_id: p.userId,
        reservation_id: p.reservationId,
        checkout_id: p.checkoutId,
        licence: p.licence,
        price_cents: p.priceCents,
        provider: p.provider,
        provider_payment_id: p.paymentId,
        created_at: p.now,
        refunded_at: null,
        edition_type: locked?.edition_type ?? null,
        // What it sold as, kept for when the piece is deleted.
        title: locked?.title ?? null,
        max_editions: locked?.max_editions ?? null,
      };
      if (refundedFirst) {
        if (hold?.status === "active") {
          await trx
            .updateTable("edition_reservations")
            .set({ status: "released" })
            .where("id", "=", hold.id)
            .execute();
        }
        // Refunded as it is recorded (not when the refund arrived): its money comes in and goes
        // out on one day in the admin's figures, and is counted among the refunds.
        const row = await trx
          .insertInto("edition_sales")
          .values({ ...sale, number: null, status: "refunded", refunded_at: p.now })
          .returning("id")
          .executeTakeFirstOrThrow();
        return { kind: "refunded", saleId: Number(row.id) };
      }
      const holdStands = hold?.status === "active" && hold.expires_at > p.now;
      let sells = false;
      if (image) {
        const cap = editionCapOf(image.edition_type, image.max_editions);
        if (cap === null) sells = true;
        else if (holdStands) sells = image.sold_editions < cap;
        else {
          const others = await trx
            .selectFrom("edition_reservations")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("image_id", "=", p.imageId)
            .where("status", "=", "active")
            .where("expires_at", ">", p.now)
            .where("id", "<>", p.reservationId ?? 0)
            .executeTakeFirstOrThrow();
          sells = image.sold_editions + Number(others.n) < cap;
        }
      }
      if (hold?.status === "active") {
        await trx
          .updateTable("edition_reservations")
          .set({ status: sells ? "completed" : "expired" })
          .where("id", "=", hold.id)
          .execute();
      }
      if (!sells) {
        const row = await trx
          .insertInto("edition_sales")
          .values({ ...sale, number: null, status: "declined" })
          .returning("id")
          .executeTakeFirstOrThrow();
        // A deleted account has no address left to tell.
        const notice = buyerGone ? undefined : image ? p.refundNotice : p.withdrawnNotice;
        if (notice) {
          await trx
            .insertInto("jobs")
            .values(newJobRow(MAIL_JOB, null, notice, MAIL_MAX_ATTEMPTS, p.now))
            .execute();
        }
        return { kind: "declined", saleId: Number(row.id) };
      }
      // A 1/1 or a limited edition sells the smallest number no standing sale holds (a refunded
      // one is handed out again, so no copy reads "No. 4 of 3"); an open edition the next one.
      const cap = image ? editionCapOf(image.edition_type, image.max_editions) : null;
      const reissued = cap === null ? undefined : await this.freeNumber(trx, p.imageId, cap);
      // The last edition (or a 1/1) sold makes the piece sold out: the kept counts follow.
      const counted = await keepingFacetCounts(trx, this.dialect, [p.imageId], () =>
        trx
          .updateTable("images")
          .set((eb) => ({
            sold_editions: eb("sold_editions", "+", 1),
            // The highest number handed out: an open edition's next follows it, whatever the
            // piece was before.
            last_edition_number:
              reissued === undefined
                ? eb("last_edition_number", "+", 1)
                : eb
                    .case()
                    .when("last_edition_number", "<", reissued)
                    .then(reissued)
                    .else(eb.ref("last_edition_number"))
                    .end(),
          }))
          .where("id", "=", p.imageId)
          .returning("last_edition_number")
          .executeTakeFirstOrThrow(),
      );
      const number = reissued ?? Number(counted.last_edition_number);
      const row = await trx
        .insertInto("edition_sales")
        .values({ ...sale, number, status: "sold" })
        .returning("id")
        .executeTakeFirstOrThrow();
      const saleId = Number(row.id);
      await trx
        .insertInto("certificates")
        .values({
          id: p.certificateId,
          sale_id: saleId,
          original_sha256: p.originalSha256,
          created_at: p.now,
          revoked_at: null,
        })
        .execute();
      if (p.receipt) {
        await trx
          .insertInto("jobs")
          .values(newJobRow(MAIL_JOB, null, p.receipt(number), MAIL_MAX_ATTEMPTS, p.now))
          .execute();
      }
      return { kind: "sold", saleId, number };
    });
  }

  /**
   * A refund of a payment (the provider's event, or an admin's): a sold edition stops being
   * owned, leaves the sold count (a 1/1's or limited edition's number goes to its next buyer; an
   * open edition's is not handed out again) and its certificate is revoked; a declined payment is marked refunded. Once per event (when one is given) and once
   * per sale. The provider's refund of a payment not recorded yet is kept for it (recordPayment
   * then records it refunded): Stripe sends events in no order, and never again once answered.
   * Returns the sale as it was before, if this call refunded it.
   */
  async refund(input: {
    paymentId: string;
    now: number;
    event?: { id: string; type: string; receivedAt: number };
    /** How much went back when it may be part of the payment (a dispute's amount). */
    givenBackCents?: number;
    /** A refund of part of the payment: the provider's total refunded of it so far. */
    refundedCents?: number;
    audit?: (sale: EditionSaleRow) => AuditEntryInput;
    /** What the buyer is told when this call revokes their sale (an admin's refund). */
    notice?: MailMessage;
  }): Promise<EditionSaleRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      if (input.event) {
        const fresh = await trx
          .insertInto("billing_events")
          .values({
            id: input.event.id,
            type: input.event.type,
            received_at: input.event.receivedAt,
          })
          .onConflict((oc) => oc.column("id").doNothing())
          .returning("id")
          .executeTakeFirst();
        if (!fresh) return undefined;
      }
      await this.lockPayment(trx, input.paymentId);
      const found = await trx
        .selectFrom("edition_sales")
        .select("image_id")
        .where("provider_payment_id", "=", input.paymentId)
        .executeTakeFirst();
      if (!found) {
        // A part refunded of a payment not recorded yet leaves its sale: nothing to keep.
        if (input.event && input.refundedCents === undefined) {
          await this.keepEarlyRefund(trx, input.paymentId, input.event, input.givenBackCents);
        }
        return undefined;
      }
      await this.lockImage(trx, found.image_id);
      const sale = await trx
        .selectFrom("edition_sales")
        .selectAll()
        .where("provider_payment_id", "=", input.paymentId)
        .executeTakeFirstOrThrow();
      // Parts of the payment given back (a goodwill refund of some of it, a dispute lost over some
      // of it) leave the sale until together they are the whole payment; they are kept meanwhile.
      if (input.givenBackCents !== undefined || input.refundedCents !== undefined) {
        const refunded = Math.max(sale.refunded_cents, input.refundedCents ?? 0);
        const disputed = sale.disputed_cents + (input.givenBackCents ?? 0);
        if (refunded + disputed < sale.price_cents) {
          await trx
            .updateTable("edition_sales")
            .set({ refunded_cents: refunded, disputed_cents: disputed })
            .where("id", "=", sale.id)
            .execute();
          return undefined;
        }
      }
      if (sale.status === "declined") {
        await trx
          .updateTable("edition_sales")
          .set({ refunded_at: input.now })
          .where("id", "=", sale.id)
          .where("refunded_at", "is", null)
          .execute();
        return undefined;
      }
      const changed = await trx
        .updateTable("edition_sales")
        .set({ status: "refunded", refunded_at: input.now })
        .where("id", "=", sale.id)
        .where("status", "=", "sold")
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) return undefined;
      // A sold-out piece refunded is for sale again: the kept counts follow.
      await keepingFacetCounts(trx, this.dialect, [sale.image_id], () =>
        trx
          .updateTable("images")
          .set((eb) => ({ sold_editions: eb("sold_editions", "-", 1) }))
          .where("id", "=", sale.image_id)
          .where("sold_editions", ">", 0)
          .execute(),
      );
      await trx
        .updateTable("certificates")
        .set({ revoked_at: input.now })
        .where("sale_id", "=", sale.id)
        .where("revoked_at", "is", null)
        .execute();
      if (input.audit) {
        await trx
          .insertInto("audit_log")
          .values(newAuditRow(input.audit(sale), input.now))
          .execute();
      }
      if (input.notice) {
        await trx
          .insertInto("jobs")
          .values(newJobRow(MAIL_JOB, null, input.notice, MAIL_MAX_ATTEMPTS, input.now))
          .execute();
      }
      return sale;
    });
  }

  /** Marks a declined payment refunded at the provider. */
  async markDeclinedRefunded(saleId: number, now: number): Promise<void> {
    await this.db
      .updateTable("edition_sales")
      .set({ refunded_at: now })
      .where("id", "=", saleId)
      .where("status", "=", "declined")
      .where("refunded_at", "is", null)
      .execute();
  }

  findSaleByPayment(paymentId: string): Promise<EditionSaleRow | undefined> {
    return this.db
      .selectFrom("edition_sales")
      .selectAll()
      .where("provider_payment_id", "=", paymentId)
      .executeTakeFirst();
  }

  findSale(id: number): Promise<EditionSaleRow | undefined> {
    return this.db.selectFrom("edition_sales").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The licence a member owns a piece under (Commercial over Standard), or null. */
  async ownedLicence(userId: number, imageId: number): Promise<Licence | null> {
    const rows = await this.db
      .selectFrom("edition_sales")
      .select("licence")
      .where("user_id", "=", userId)
      .where("image_id", "=", imageId)
      .where("status", "=", "sold")
      .execute();
    if (rows.some((r) => r.licence === "commercial")) return "commercial";
    return rows.length > 0 ? "standard" : null;
  }

  /**
   * Who collected each of these sold 1/1s, by image id: their name (collectorName), or
   * `private` when they chose not to be named. One query for a page of pieces; an image whose
   * collector's account is gone has no entry.
   */
  async collectorsOf(imageIds: number[]): Promise<Map<number, Collector>> {
    const collectors = new Map<number, Collector>();
    if (imageIds.length === 0) return collectors;
    // On every list page showing a sold 1/1: built once per number of pieces asked about.
    const rows = await this.collectorShapes.run<{
      image_id: number;
      username: string;
      display_name: string | null;
      collects_privately: number | boolean;
      deleted_at: number | null;
    }>(this.db, String(imageIds.length), imageIds, (slot) =>
      this.db
        .selectFrom("edition_sales")
        .innerJoin("users", "users.id", "edition_sales.user_id")
        .select([
          "edition_sales.image_id",
          // A deleted account's name is not shown, though the row keeps it for a while.
          sql<string | null>`case when users.deleted_at is null then users.username end`.as(
            "username",
          ),
          "users.display_name",
          "users.collects_privately",
          "users.deleted_at",
        ])
        .where(
          "edition_sales.image_id",
          "in",
          imageIds.map((_, i) => slot(i)),
        )
        .where("edition_sales.status", "=", "sold")
        .orderBy("edition_sales.id"),
    );
    for (const row of rows) {
      const id = Number(row.image_id);
      if (collectors.has(id) || row.deleted_at !== null) continue;
      collectors.set(
        id,
        Number(row.collects_privately) === 1
          ? { kind: "private" }
          : { kind: "named", name: collectorName(row.display_name, row.username) },
      );
    }
    return collectors;
  }

  /** Whether the member collects without being named (false for no such member). */
  async collectsPrivately(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom("users")
      .select("collects_privately")
      .where("id", "=", userId)
      .executeTakeFirst();
    return Number(row?.collects_privately ?? 0) === 1;
  }

  /**
   * Sets whether the member collects without being named; answers the pieces they own now (whose
   * pages change with it).
   */
  async setCollectsPrivately(userId: number, value: boolean): Promise<number[]> {
    await this.db
      .updateTable("users")
      .set({ collects_privately: value ? 1 : 0 })
      .where("id", "=", userId)
      .execute();
    return this.ownedImageIds(userId);
  }

  /** The pieces the member owns an edition of (sold to them, not refunded). */
  async ownedImageIds(userId: number): Promise<number[]> {
    const owned = await this.db
      .selectFrom("edition_sales")
      .select("image_id")
      .distinct()
      .where("user_id", "=", userId)
      .where("status", "=", "sold")
      .execute();
    return owned.map((r) => Number(r.image_id));
  }

  /**
   * What became of a member's checkout for an edition: its hold's piece, and the sale its payment
   * made, or, none yet (the payment unconfirmed, or never made), its hold's status and end.
   * Undefined for another member's checkout.
   */
  async findPurchase(userId: number, checkoutId: string) {
    const sale = await this.db
      .selectFrom("edition_sales as s")
      .leftJoin("images as i", "i.id", "s.image_id")
      .select(["s.image_id", "s.status", "s.number", "s.title as sold_as", "i.title"])
      .where("s.checkout_id", "=", checkoutId)
      .where("s.user_id", "=", userId)
      .orderBy("s.id", "desc")
      .executeTakeFirst();
    if (sale) {
      return {
        imageId: Number(sale.image_id),
        title: sale.sold_as ?? sale.title,
        sale: { status: sale.status, number: sale.number },
        hold: undefined,
      };
    }
    // Not paid yet, or its payment's event not handled yet: the hold names the checkout.
    const hold = await this.db
      .selectFrom("edition_reservations as r")
      .innerJoin("images as i", "i.id", "r.image_id")
      .select(["r.image_id", "i.title", "r.status", "r.expires_at"])
      .where("r.checkout_id", "=", checkoutId)
      .where("r.user_id", "=", userId)
      .executeTakeFirst();
    return (
      hold && {
        imageId: Number(hold.image_id),
        title: hold.title,
        sale: undefined,
        hold: { status: hold.status, expiresAt: Number(hold.expires_at) },
      }
    );
  }

  /** The member's owned editions, newest first. */
  findLibrary(userId: number) {
    return this.db
      .selectFrom("edition_sales")
      .innerJoin("images", "images.id", "edition_sales.image_id")
      .innerJoin("certificates", "certificates.sale_id", "edition_sales.id")
      .select([
        "edition_sales.id as sale_id",
        "edition_sales.image_id",
        "edition_sales.number",
        "edition_sales.licence",
        "edition_sales.price_cents",
        "edition_sales.created_at",
        soldPiece.title,
        // The type the piece sold as; the image's own when the sale predates 0015.
        sql<string>`coalesce(edition_sales.edition_type, images.edition_type)`.as("edition_type"),
        soldPiece.editionType,
        soldPiece.maxEditions,
        "certificates.id as certificate_id",
      ])
      .where("edition_sales.user_id", "=", userId)
      .where("edition_sales.status", "=", "sold")
      .orderBy("edition_sales.id", "desc")
      .execute();
  }

  findCertificate(id: string) {
    return this.db
      .selectFrom("certificates")
      .innerJoin("edition_sales", "edition_sales.id", "certificates.sale_id")
      .leftJoin("images", "images.id", "edition_sales.image_id")
      .leftJoin("users", "users.id", "edition_sales.user_id")
      .select([
        "certificates.id",
        "certificates.original_sha256",
        "certificates.created_at",
        "certificates.revoked_at",
        "edition_sales.image_id",
        "edition_sales.number",
        "edition_sales.licence",
        "edition_sales.created_at as purchased_at",
        soldPiece.title,
        // Whether anyone may see the piece now (its title is named to them only then).
        sql<number>`case when images.is_public = 1 and images.status = 'ready' then 1 else 0 end`.as(
          "image_shown",
        ),
        // The type the piece sold as; the image's own when the sale predates 0015.
        sql<string | null>`coalesce(edition_sales.edition_type, images.edition_type)`.as(
          "edition_type",
        ),
        soldPiece.editionType,
        soldPiece.maxEditions,
        // A deleted account's name is not shown, though the row keeps it for a while.
        sql<string | null>`case when users.deleted_at is null then users.username end`.as(
          "username",
        ),
        "users.display_name",
        "users.collects_privately",
        "edition_sales.user_id",
      ])
      .where("certificates.id", "=", id)
      .executeTakeFirst();
  }

  /** One page of sales, newest first, before the cursor's id, with piece, buyer and certificate. */
  findAdminSales(filters: AdminSaleFilters & { limit: number; beforeId?: number }) {
    let query = this.adminSales(filters)
      .leftJoin("certificates", "certificates.sale_id", "edition_sales.id")
      .select([
        "edition_sales.id",
        "edition_sales.image_id",
        "edition_sales.number",
        "edition_sales.licence",
        "edition_sales.price_cents",
        "edition_sales.status",
        "edition_sales.provider",
        "edition_sales.provider_payment_id",
        "edition_sales.created_at",
        "edition_sales.refunded_at",
        soldPiece.title,
        // The type the piece sold as; the image's own when the sale predates 0015.
        sql<string | null>`coalesce(edition_sales.edition_type, images.edition_type)`.as(
          "edition_type",
        ),
        soldPiece.editionType,
        soldPiece.maxEditions,
        // A deleted account's name is not shown, though the row keeps it for a while.
        sql<string | null>`case when users.deleted_at is null then users.username end`.as(
          "username",
        ),
        "certificates.id as certificate_id",
      ])
      .orderBy("edition_sales.id", "desc")
      .limit(filters.limit);
    if (filters.beforeId !== undefined) {
      query = query.where("edition_sales.id", "<", filters.beforeId);
    }
    return query.execute();
  }

  /** How many sales the filters match. */
  async countAdminSales(filters: AdminSaleFilters): Promise<number> {
    const row = await this.adminSales(filters)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private adminSales(filters: AdminSaleFilters) {
    let query = this.db
      .selectFrom("edition_sales")
      .leftJoin("images", "images.id", "edition_sales.image_id")
      .leftJoin("users", "users.id", "edition_sales.user_id");
    if (filters.status) query = query.where("edition_sales.status", "=", filters.status);
    if (filters.q) {
      const buyer = containsPattern(filters.q);
      query = query.where(
        sql<SqlBool>`(${foldedContains(this.dialect, "images.title", filters.q)} or (images.id is null and ${foldedContains(this.dialect, "edition_sales.title", filters.q)}) or (users.deleted_at is null and lower(users.username) like ${buyer} escape '\\'))`,
      );
    }
    return query;
  }

  /**
   * Money kept and money refunded (cents), in all and by the edition type each sale sold as. Every
   * type anything sold as is listed, so a type whose only sale was refunded reads 0 kept, not
   * nothing. Refunded counts every payment given back: refunds and declined payments alike, and
   * the parts given back of a sale that stands (a partial refund, a dispute lost over some of it),
   * which its kept money leaves out (round 58: they were counted as kept).
   */
  async totals() {
    const byType = await this.db
      .selectFrom("edition_sales")
      .select((eb) => [
        "edition_type",
        eb.fn
          .coalesce(
            eb.fn.sum<number>(
              eb
                .case()
                .when("status", "=", "sold")
                .then(sql<number>`price_cents - refunded_cents - disputed_cents`)
                .else(0)
                .end(),
            ),
            sql<number>`0`,
          )
          .as("kept"),
        eb.fn
          .coalesce(
            eb.fn.sum<number>(
              eb
                .case()
                .when("refunded_at", "is not", null)
                .then(eb.ref("price_cents"))
                .when("status", "=", "sold")
                .then(sql<number>`refunded_cents + disputed_cents`)
                .else(0)
                .end(),
            ),
            sql<number>`0`,
          )
          .as("refunded"),
      ])
      .groupBy("edition_type")
      .execute();
    const byEditionType = byType.map((r) => ({
      editionType: r.edition_type,
      keptCents: Number(r.kept),
      refundedCents: Number(r.refunded),
    }));
    return {
      byEditionType,
      refundedCents: byEditionType.reduce((sum, t) => sum + t.refundedCents, 0),
    };
  }

  /** Sets a piece's licence prices, with its audit entry, in one transaction. */
  async setLicencePrices(
    imageId: number,
    prices: { standard: number | null; commercial: number | null },
    audit: (before: { standard: number | null; commercial: number | null }) => AuditEntryInput,
    now: number,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom("images")
        .select(["price_standard_cents", "price_commercial_cents"])
        .where("id", "=", imageId)
        .executeTakeFirst();
      if (!before) return false;
      await trx
        .updateTable("images")
        .set({
          price_standard_cents: prices.standard,
          price_commercial_cents: prices.commercial,
          updated_at: now,
        })
        .where("id", "=", imageId)
        .execute();
      const entry = audit({
        standard: before.price_standard_cents,
        commercial: before.price_commercial_cents,
      });
      await trx.insertInto("audit_log").values(newAuditRow(entry, now)).execute();
      return true;
    });
  }

  async setOriginalSha256(imageId: number, sha256: string): Promise<void> {
    await this.db
      .updateTable("images")
      .set({ original_sha256: sha256 })
      .where("id", "=", imageId)
      .execute();
  }

  /**
   * Keeps the provider's refund of a payment not recorded yet (adding up, if two arrive), and
   * lets go of those kept so long that their payment can no longer come.
   */
  private async keepEarlyRefund(
    trx: Db,
    paymentId: string,
    event: { id: string; type: string; receivedAt: number },
    amountCents: number | undefined,
  ): Promise<void> {
    await trx
      .deleteFrom("early_refunds")
      .where("received_at", "<", event.receivedAt - EARLY_REFUND_KEPT_MS)
      .execute();
    await trx
      .insertInto("early_refunds")
      .values({
        provider_payment_id: paymentId,
        event_id: event.id,
        event_type: event.type,
        received_at: event.receivedAt,
        amount_cents: amountCents ?? null,
      })
      // A second event about the same payment adds to what went back: the whole of it (a full
      // refund after a partial dispute) wins; two parts add up.
      .onConflict((oc) =>
        oc.column("provider_payment_id").doUpdateSet({
          amount_cents: sql<
            number | null
          >`case when excluded.amount_cents is null or early_refunds.amount_cents is null then null else early_refunds.amount_cents + excluded.amount_cents end`,
        }),
      )
      .execute();
  }

  /** Lets go of refunds kept for payments that never came (a Pro invoice's, say). */
  async pruneEarlyRefunds(now: number): Promise<void> {
    await this.db
      .deleteFrom("early_refunds")
      .where("received_at", "<", now - EARLY_REFUND_KEPT_MS)
      .execute();
  }

  /**
   * One transaction at a time about a payment, until it ends (PostgreSQL; SQLite runs one writing
   * transaction at a time): its refund and its recording, arriving together, cannot each miss the
   * other, which they would with nothing yet to lock (the payment's sale not made).
   */
  private async lockPayment(trx: Db, paymentId: string): Promise<void> {
    if (this.dialect !== "postgres") return;
    const key = `sawdust.edition_payment:${paymentId}`;
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  }

  /**
   * The smallest number from 1 to the edition's size that no standing sale of the piece holds.
   * Called under the piece's lock, with fewer sales standing than the size.
   */
  private async freeNumber(trx: Db, imageId: number, cap: number): Promise<number> {
    const rows = await trx
      .selectFrom("edition_sales")
      .select("number")
      .where("image_id", "=", imageId)
      .where("status", "=", "sold")
      .where("number", "<=", cap)
      .orderBy("number")
      .execute();
    let free = 1;
    for (const row of rows) {
      if (Number(row.number) !== free) break;
      free++;
    }
    return free;
  }

  /** The piece's edition columns, its row locked until the transaction ends (PostgreSQL). */
  /**
   * Whether the buyer's account is deleted (or gone), read under a share lock on PostgreSQL: a
   * deletion committing meanwhile is waited for and seen.
   */
  private async buyerDeleted(trx: Db, userId: number): Promise<boolean> {
    const query = trx.selectFrom("users").select("deleted_at").where("id", "=", userId);
    const buyer = await (this.dialect === "postgres" ? query.forShare() : query).executeTakeFirst();
    return buyer === undefined || buyer.deleted_at !== null;
  }

  private lockImage(trx: Db, imageId: number) {
    const query = trx
      .selectFrom("images")
      .select(["id", "title", "edition_type", "max_editions", "sold_editions", "status"])
      .where("id", "=", imageId);
    return (this.dialect === "postgres" ? query.forUpdate() : query).executeTakeFirst();
  }
}
