import { createHash, randomBytes } from "node:crypto";
import {
  type AdminSales,
  type AdminSalesQuery,
  type Certificate,
  type CollectorPrivacy,
  EDITION_SALES,
  editionCapOf,
  editionForSale,
  formatCents,
  formatUtcDay,
  type Image,
  isAdmin,
  LICENCE_LABELS,
  LICENCES,
  type Library,
  type Licence,
  type LicenceDefaults,
  type LicencePricesBody,
  licencePricesOf,
  MESSAGES,
  type Member,
  type Principal,
  type PurchaseOutcome,
  paths,
  type RedirectUrl,
  type WebhookAck,
} from "@sawdust/shared";
import type { EditionSaleRow } from "../../db/schema.js";
import type { EventBus } from "../../events/event-bus.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, conflict, forbidden, notFound } from "../../lib/errors.js";
import { decodeIdCursor, encodeIdCursor } from "../../lib/id-cursor.js";
import { type Serialised, unordered } from "../../lib/serialised.js";
import type { MediaStore } from "../../media/media-store.js";
import { EXTENSION_OF, type SniffedFormat } from "../../media/sniff.js";
import type { AuditEntryInput } from "../audit/audit.repo.js";
import {
  type OneOffPaymentHandler,
  PAYMENT_SESSION_GRACE_MS,
  type PaymentProvider,
  type WebhookEvent,
} from "../billing/payment-provider.js";
import { IMAGE_MESSAGES } from "../images/images.constants.js";
import type { ImagesRepo } from "../images/images.repo.js";
import type { MailMessage } from "../mail/mail.constants.js";
import { mailTemplates } from "../mail/mail-templates.js";
import { collectorName } from "./collector-name.js";
import type { EditionsRepo } from "./editions.repo.js";

const m = MESSAGES.editions;

/** The metadata `kind` that marks a checkout as an edition's. */
const EDITION_KIND = "edition";
const COMPLETED_EVENTS: ReadonlySet<string> = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
]);
/** The events that may give a payment's money back: a refund, and a dispute's end. */
const GIVEN_BACK_EVENTS: ReadonlySet<string> = new Set([
  "charge.refunded",
  "charge.dispute.closed",
]);

/** The audit entry of a sale refunded: by an admin, or (no actor) at the payment provider. */
function saleRefundedEntry(
  before: EditionSaleRow,
  actorId: number | null,
  more: Record<string, unknown> = {},
): AuditEntryInput {
  return {
    actorId,
    action: "editions.sale_refunded",
    subject: `edition_sale:${before.id}`,
    details: {
      imageId: before.image_id,
      number: before.number,
      priceCents: before.price_cents,
      before: { status: before.status },
      after: { status: "refunded" },
      ...more,
    },
  };
}

/**
 * Selling editions (issue 19): a hold and a checkout in payment mode for a buyer, the sale (or its
 * refund) when the provider confirms the payment, what a buyer owns, certificates, and the
 * admin's sales and licence prices. The counts themselves change only in EditionsRepo's locked
 * transactions.
 */
export class EditionsService implements OneOffPaymentHandler {
  constructor(
    private readonly deps: {
      editions: EditionsRepo;
      images: ImagesRepo;
      media: MediaStore;
      provider: PaymentProvider;
      /** The member's customer at the provider (made on their first checkout and kept). */
      customerOf: (viewer: Member) => Promise<string>;
      /** Whether the member has confirmed their email: an unconfirmed one may not pay. */
      emailVerified: (userId: number) => Promise<boolean>;
      /** The buyer's name and address, and the site's name: their receipt (issue 22's mail). */
      buyerOf: (
        userId: number,
      ) => Promise<{ username: string; email: string; deleted_at?: number | null } | undefined>;
      siteName: () => Promise<string>;
      /** The site settings' licence prices, for a piece with none of its own. */
      licenceDefaults: () => Promise<LicenceDefaults>;
      /** Told when a job (the receipt) was queued, to wake this process's worker. */
      onJobQueued?: () => void;
      events: EventBus;
      clock: Clock;
      publicUrl: string;
      log?: { warn(object: object, message: string): void };
      /** One refund of a sale at a time, so the second reads the first's outcome. */
      serialised?: Serialised;
    },
  ) {}

  /**
   * Holds an edition of the piece for the member and opens a checkout for it under this
   * licence. Refused for a piece that is not for sale, sold out (a 1/1 the member owns already
   * says so), or whose every edition left is held by someone at checkout.
   */
  async purchase(
    imageId: number,
    licence: Licence,
    viewer: Member,
    expectedCents?: number,
  ): Promise<RedirectUrl> {
    const { editions, provider, clock } = this.deps;
    // An unconfirmed email address may browse and collect, not pay (issue 22).
    if (!(await this.deps.emailVerified(viewer.userId))) {
      throw forbidden(MESSAGES.account.verifyFirst, "email_unverified");
    }
    const row = await this.deps.images.findReadyById(imageId);
    if (row?.is_public !== 1) throw notFound(IMAGE_MESSAGES.notFound);
    if (!editionForSale(row.edition_type)) throw conflict(m.notForSale, "not_for_sale");
    // The price is the server's own, from the piece and the site settings, as the buyer was shown
    // it; if it changed since they looked, they are told rather than charged another amount.
    const price = licencePricesOf(
      {
        priceCents: row.price_cents,
        standardCents: row.price_standard_cents,
        commercialCents: row.price_commercial_cents,
      },
      await this.deps.licenceDefaults(),
    )[licence];
    if (expectedCents !== undefined && expectedCents !== price) {
      throw conflict(m.priceChanged(`$${formatCents(price)}`), "price_changed");
    }
    const now = clock.now();
    const hold = await editions.reserve({
      imageId,
      userId: viewer.userId,
      licence,
      priceCents: price,
      now,
      expiresAt: now + EDITION_SALES.reservationMs,
    });
    if (hold.kind === "owned") throw conflict(m.alreadyOwnedOneOfOne, "already_owned");
    if (hold.kind === "sold_out") {
      throw conflict(row.edition_type === "one_of_one" ? m.soldOneOfOne : m.soldOut, "sold_out");
    }
    if (hold.kind === "held") {
      const minutes = Math.max(1, Math.ceil((hold.releasedBy - now) / 60_000));
      throw conflict(m.reserved(minutes), "reserved");
    }
    try {
      const checkout = await provider.createPaymentCheckout({
        customerId: await this.deps.customerOf(viewer),
        userId: viewer.userId,
        amountCents: price,
        productName: m.productName(row.title ?? `Artwork ${row.id}`, LICENCE_LABELS[licence]),
        metadata: {
          kind: EDITION_KIND,
          reservationId: String(hold.reservationId),
          imageId: String(imageId),
          userId: String(viewer.userId),
          licence,
        },
        // The provider fills in the session's id: the page asks how this purchase ended.
        successUrl: this.absolute(
          `${paths.library.getHref()}?purchase=success&checkout={CHECKOUT_SESSION_ID}`,
        ),
        cancelUrl: this.absolute(paths.image.getHref(imageId)),
        expiresInMs: EDITION_SALES.reservationMs,
      });
      const stands = await editions.attachCheckout(hold.reservationId, checkout.id);
      // The buyer's earlier checkouts for the piece (another licence, a tab left open) close: paid
      // as well, they charged a second time (refunded once the piece was sold out) under "your
      // payment went through". So do they when this one was replaced in turn.
      for (const earlier of hold.replacedCheckouts) await this.closeReplacedCheckout(earlier);
      if (!stands) {
        // Replaced while it was being made (round 62: ten checkouts at once on PostgreSQL left
        // eight payable, and each charged): it closes before anyone has its address.
        await this.closeReplacedCheckout(checkout.id);
        throw conflict(m.checkoutReplaced, "checkout_replaced");
      }
      return { url: checkout.url };
    } catch (error) {
      await editions.release(hold.reservationId);
      throw error;
    }
  }

  /** Expires a checkout a newer one replaced, unpaid; a failure leaves it to lapse (30 minutes). */
  private async closeReplacedCheckout(checkoutId: string): Promise<void> {
    try {
      await this.deps.provider.expireCheckout(checkoutId);
      await this.deps.editions.markCheckoutClosed(checkoutId);
    } catch (error) {
      this.deps.log?.warn({ err: error, checkoutId }, "an earlier checkout stays open");
    }
  }

  // ——— The provider's events ———

  handles(event: WebhookEvent): boolean {
    if (GIVEN_BACK_EVENTS.has(event.type)) return true;
    const object = event.data.object;
    const metadata = object.metadata as Record<string, unknown> | null | undefined;
    return (
      COMPLETED_EVENTS.has(event.type) &&
      object.mode === "payment" &&
      metadata?.kind === EDITION_KIND
    );
  }

  /**
   * A paid edition checkout sells (or, sold out meanwhile, is refunded); a refunded charge, or a
   * dispute the seller lost (the bank took the money back), revokes its sale, and is kept for a
   * payment not recorded yet. Each event is applied once (its id, in the sale's own transaction).
   */
  async handle(event: WebhookEvent): Promise<WebhookAck> {
    const object = event.data.object;
    const paymentId = idOf(object.payment_intent);
    const receivedAt = this.deps.clock.now();
    const record = { id: event.id, type: event.type, receivedAt };
    if (GIVEN_BACK_EVENTS.has(event.type)) {
      // Only the whole payment given back revokes the sale: a partial refund (a goodwill
      // discount from the dashboard) leaves the buyer their piece and the place in the edition,
      // until parts refunded and disputes lost add up to the whole; a dispute not lost (won, or a
      // warning closed) changes nothing.
      const disputed = event.type === "charge.dispute.closed";
      if (!paymentId || (disputed && object.status !== "lost")) {
        return { received: true, ignored: true };
      }
      // A dispute names how much went back: all of the payment, or a part.
      const disputedCents = Number(object.amount);
      // A refund of part of the charge: how much of it has been refunded so far.
      const refundedCents = Number(object.amount_refunded);
      const part = !disputed && !fullyRefunded(object);
      if (part && !(Number.isSafeInteger(refundedCents) && refundedCents > 0)) {
        return { received: true, ignored: true };
      }
      const known = await this.deps.editions.findSaleByPayment(paymentId);
      const disputedPart = disputed && Number.isSafeInteger(disputedCents) ? disputedCents : null;
      let notice: MailMessage | undefined;
      const givenBack = async () => {
        // Read again under the sale's lock: the parts given back before this event are settled,
        // and the buyer's mail says how the whole payment came back (it once called a lost
        // dispute the gallery's refund, and a refund after one "the whole payment").
        const before = known && (await this.deps.editions.findSaleByPayment(paymentId));
        if (before?.status === "sold") {
          const back = disputed
            ? {
                cause: "dispute" as const,
                refundedCents: before.refunded_cents,
                disputedCents:
                  before.disputed_cents +
                  (disputedPart ?? before.price_cents - before.refunded_cents),
              }
            : {
                cause: "refund" as const,
                refundedCents: part
                  ? Math.max(before.refunded_cents, refundedCents)
                  : before.price_cents - before.disputed_cents,
                disputedCents: before.disputed_cents,
              };
          notice = await this.refundedSaleNotice(before, back);
        }
        return this.deps.editions.refund({
          paymentId,
          now: receivedAt,
          event: record,
          ...(disputedPart !== null && { givenBackCents: disputedPart }),
          ...(part && { refundedCents }),
          // Written only if this event revokes the sale: the buyer is told and the log says so,
          // as when an admin refunds (a refund at the provider said nothing; round 60b).
          audit: (before) =>
            saleRefundedEntry(before, null, {
              via: disputed ? "a dispute lost at the payment provider" : "the payment provider",
            }),
          notice,
        });
      };
      // Under the sale's lock, as an admin's refund: the event its provider call sends waits for
      // it, then finds the sale refunded and says nothing twice.
      const alone = this.deps.serialised ?? unordered;
      const sale = known ? await alone(`edition_sale:${known.id}`, givenBack) : await givenBack();
      if (sale) {
        await this.changed(sale.image_id);
        if (notice) this.deps.onJobQueued?.();
      }
      return { received: true };
    }
    if (object.payment_status !== "paid" || !paymentId) return { received: true, ignored: true };
    const metadata = object.metadata as Record<string, string>;
    const imageId = Number(metadata.imageId);
    const userId = Number(metadata.userId);
    const reservationId = Number(metadata.reservationId);
    const licence = LICENCES.find((l) => l === metadata.licence) ?? "standard";
    const amount = Number(object.amount_total);
    const priceCents = Number.isSafeInteger(amount) ? amount : 0;
    const { receipt, refundNotice, withdrawnNotice } = await this.buyerMailsFor(
      userId,
      imageId,
      licence,
      priceCents,
    );
    const certificateId = randomBytes(16).toString("hex");
    const outcome = await this.deps.editions.recordPayment({
      event: record,
      imageId,
      userId,
      reservationId: Number.isSafeInteger(reservationId) ? reservationId : null,
      checkoutId: typeof object.id === "string" ? object.id : null,
      licence,
      priceCents,
      provider: this.deps.provider.name,
      paymentId,
      now: receivedAt,
      originalSha256: await this.originalSha256(imageId),
      certificateId,
      receipt: receipt && ((number) => receipt(number, certificateId)),
      ...(refundNotice && { refundNotice }),
      ...(withdrawnNotice && { withdrawnNotice }),
    });
    // Sold (its receipt queued), or refunded before it was recorded (the buyer's hold let go).
    if (outcome.kind === "sold" || outcome.kind === "declined") this.deps.onJobQueued?.();
    if (outcome.kind === "sold" || outcome.kind === "refunded") await this.changed(imageId);
    // A declined payment, or a redelivery of one whose refund failed before: refund it now.
    const sale = await this.deps.editions.findSaleByPayment(paymentId);
    if (sale?.status === "declined" && sale.refunded_at === null) {
      await this.deps.provider.refund(paymentId, `sawdust-edition-refund-${paymentId}`);
      await this.deps.editions.markDeclinedRefunded(sale.id, this.deps.clock.now());
    }
    return outcome.kind === "duplicate" ? { received: true, duplicate: true } : { received: true };
  }

  /**
   * What the buyer is mailed: the receipt, given the edition's number and certificate, or, when
   * no edition is left for the payment, that it is refunded and why (the last one taken, or the
   * piece withdrawn: deleted while the buyer paid). Nothing without a buyer.
   */
  private async buyerMailsFor(
    userId: number,
    imageId: number,
    licence: Licence,
    priceCents: number,
  ) {
    const [buyer, siteName, image] = await Promise.all([
      this.deps.buyerOf(userId),
      this.deps.siteName(),
      this.deps.images.findReadyById(imageId),
    ]);
    if (!buyer) return {};
    const amount = `$${(priceCents / 100).toFixed(2)}`;
    // Withdrawn (deleted, or being deleted, as the payment is recorded): named while its row is
    // there, "an artwork" once it is gone. The payment's transaction picks which notice goes.
    const withdrawnTitle = image ? image.title : await this.deps.images.findTitleById(imageId);
    const withdrawnNotice = mailTemplates.editionPaymentRefunded(buyer.email, siteName, {
      username: buyer.username,
      ...(withdrawnTitle !== null && { title: withdrawnTitle }),
      withdrawn: true,
      amount,
      url: this.absolute(paths.gallery.getHref()),
    });
    if (!image) return { withdrawnNotice };
    const cap = editionCapOf(image.edition_type, image.max_editions);
    const title = image.title ?? `Artwork ${imageId}`;
    return {
      receipt: (number: number, certificateId: string) =>
        mailTemplates.editionReceipt(buyer.email, siteName, {
          username: buyer.username,
          title,
          edition: editionLabel(number, cap),
          licence: licence === "commercial" ? "Commercial" : "Standard",
          amount,
          certificateUrl: this.absolute(paths.verifyCertificate.getHref(certificateId)),
          libraryUrl: this.absolute(paths.library.getHref()),
        }),
      refundNotice: mailTemplates.editionPaymentRefunded(buyer.email, siteName, {
        username: buyer.username,
        title,
        amount,
        url: this.absolute(paths.image.getHref(imageId)),
      }),
      withdrawnNotice,
    };
  }

  // ——— Owners ———

  /** The member's owned editions, newest first. */
  async library(viewer: Member): Promise<Library> {
    const rows = await this.deps.editions.findLibrary(viewer.userId);
    const renditions = await this.deps.images.findRenditions(rows.map((r) => r.image_id));
    const small = new Map(
      renditions
        .filter((r) => r.size === "small")
        .map((r) => [r.image_id, this.deps.media.publicUrl(r.storage_key)]),
    );
    return {
      editions: rows.map((r) => ({
        saleId: Number(r.sale_id),
        imageId: Number(r.image_id),
        title: r.title ?? `Artwork ${r.image_id}`,
        urlSmall: small.get(Number(r.image_id)) ?? "",
        ...soldAs(r),
        number: Number(r.number),
        licence: r.licence as Licence,
        priceCents: r.price_cents,
        purchasedAt: new Date(Number(r.created_at)).toISOString(),
        certificateId: r.certificate_id,
      })),
    };
  }

  /**
   * How the member's checkout for an edition ended, for the page the provider returns them to:
   * pending until the payment's event is handled, then sold, declined (refunded: no edition was
   * left, or the piece was withdrawn) or refunded (sold, then refunded); expired when it ended
   * unpaid (checkoutEnded). 404 for a checkout that is not theirs, or whose hold went with its
   * piece before the payment was recorded.
   */
  async purchaseOutcome(viewer: Member, checkoutId: string): Promise<PurchaseOutcome> {
    const found = await this.deps.editions.findPurchase(viewer.userId, checkoutId);
    if (!found) throw notFound(m.purchaseUnknown, "purchase_not_found");
    const { sale, hold } = found;
    const status = sale
      ? sale.status === "sold" || sale.status === "declined"
        ? sale.status
        : "refunded"
      : hold && checkoutEnded(hold, this.deps.clock.now())
        ? "expired"
        : "pending";
    return {
      status,
      imageId: found.imageId,
      title: found.title,
      number: status === "sold" && sale?.number != null ? Number(sale.number) : null,
    };
  }

  /** The licence this member owns the piece under, or null (downloads and the image's page). */
  ownedLicence(userId: number, imageId: number): Promise<Licence | null> {
    return this.deps.editions.ownedLicence(userId, imageId);
  }

  /**
   * Who collected these sold 1/1s, as others see it, by image id: named (`collectedBy`), or
   * collecting privately (`collectedPrivately`).
   */
  async collectorsOf(
    imageIds: number[],
  ): Promise<Map<number, Pick<Image, "collectedBy" | "collectedPrivately">>> {
    const collectors = await this.deps.editions.collectorsOf(imageIds);
    return new Map(
      [...collectors].map(([id, c]) => [
        id,
        c.kind === "named"
          ? { collectedBy: c.name, collectedPrivately: false }
          : { collectedBy: null, collectedPrivately: true },
      ]),
    );
  }

  /** Whether the member collects without being named. */
  async collectorPrivacy(viewer: Member): Promise<CollectorPrivacy> {
    return { collectsPrivately: await this.deps.editions.collectsPrivately(viewer.userId) };
  }

  /**
   * Sets whether the member collects without being named; the pages of the pieces they own
   * change at once (every cache of them hears it).
   */
  async setCollectorPrivacy(viewer: Member, body: CollectorPrivacy): Promise<CollectorPrivacy> {
    const owned = await this.deps.editions.setCollectsPrivately(
      viewer.userId,
      body.collectsPrivately,
    );
    for (const imageId of owned) await this.changed(imageId);
    return { collectsPrivately: body.collectsPrivately };
  }

  /**
   * The member's name changed or went (a new display name, the account deleted): the pages of
   * the pieces they own, which name their collector, change at once in every process.
   */
  async collectorChanged(userId: number): Promise<void> {
    for (const imageId of await this.deps.editions.ownedImageIds(userId)) {
      await this.changed(imageId);
    }
  }

  /** Lets go of refunds kept for payments that never came (the janitor, once a minute). */
  pruneEarlyRefunds(): Promise<void> {
    return this.deps.editions.pruneEarlyRefunds(this.deps.clock.now());
  }

  // ——— Certificates ———

  /**
   * A certificate that stands; 404 for an id Sawdust never issued, 410 for a revoked one. It names
   * its buyer to the buyer and to admins, and to anyone else unless the buyer collects privately;
   * and its piece's title to the buyer and admins, and to anyone else while the piece is shown
   * (a hidden or deleted piece is "Artwork N": every other address of it says nothing of it).
   */
  async certificate(id: string, viewer: Principal): Promise<Certificate> {
    const row = /^[0-9a-f]{32}$/.test(id)
      ? await this.deps.editions.findCertificate(id)
      : undefined;
    if (!row) throw notFound(m.certificateNotFound, "certificate_not_found");
    if (row.revoked_at !== null) {
      throw new AppError(
        410,
        m.certificateRevoked(formatUtcDay(Number(row.revoked_at))),
        "certificate_revoked",
      );
    }
    return {
      id: row.id,
      imageId: Number(row.image_id),
      title:
        row.title !== null && (Number(row.image_shown) === 1 || this.ownView(row, viewer))
          ? row.title
          : `Artwork ${row.image_id}`,
      ...soldAs(row, "open_edition"),
      number: Number(row.number),
      licence: row.licence as Licence,
      buyer: this.buyerName(row, viewer),
      purchasedAt: new Date(Number(row.purchased_at)).toISOString(),
      originalSha256: row.original_sha256,
      verifyUrl: this.absolute(paths.verifyCertificate.getHref(row.id)),
      pdfUrl: `/api/v1/certificates/${row.id}/pdf`,
    };
  }

  /** A certificate with the site's name, which heads its printed copy. */
  async certificateToPrint(
    id: string,
    viewer: Principal,
  ): Promise<{ certificate: Certificate; siteName: string }> {
    const [certificate, siteName] = await Promise.all([
      this.certificate(id, viewer),
      this.deps.siteName(),
    ]);
    return { certificate, siteName };
  }

  private buyerName(
    row: {
      user_id: number | null;
      username: string | null;
      display_name: string | null;
      collects_privately: number | null;
    },
    viewer: Principal,
  ): string {
    if (!row.username) return m.formerMember;
    if (Number(row.collects_privately) === 1 && !this.ownView(row, viewer)) {
      return m.privateCollector;
    }
    return collectorName(row.display_name, row.username);
  }

  /** The viewer is the sale's buyer or an admin. */
  private ownView(row: { user_id: number | null }, viewer: Principal): boolean {
    return viewer.kind === "member" && (viewer.userId === Number(row.user_id) || isAdmin(viewer));
  }

  // ——— Admins ———

  /** Sales newest first, filtered, a page at a time, with how many match and every sale's money. */
  async adminSales(query: AdminSalesQuery): Promise<AdminSales> {
    const filters = { status: query.status, q: query.q || undefined };
    const [rows, total, totals] = await Promise.all([
      this.deps.editions.findAdminSales({
        ...filters,
        limit: query.limit + 1,
        beforeId: decodeIdCursor(query.cursor),
      }),
      this.deps.editions.countAdminSales(filters),
      this.deps.editions.totals(),
    ]);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const revenueByEditionType: Record<string, number> = {};
    const refundedByEditionType: Record<string, number> = {};
    for (const t of totals.byEditionType) {
      const type = t.editionType ?? "deleted";
      revenueByEditionType[type] = (revenueByEditionType[type] ?? 0) + t.keptCents;
      refundedByEditionType[type] = (refundedByEditionType[type] ?? 0) + t.refundedCents;
    }
    return {
      nextCursor: rows.length > query.limit && last ? encodeIdCursor(Number(last.id)) : null,
      total,
      sales: page.map((r) => ({
        id: Number(r.id),
        imageId: Number(r.image_id),
        title: r.title ?? `Artwork ${r.image_id}`,
        ...soldAs(r),
        number: r.number === null ? null : Number(r.number),
        licence: r.licence as Licence,
        priceCents: r.price_cents,
        buyer: r.username ? `@${r.username}` : null,
        status: r.status as AdminSales["sales"][number]["status"],
        provider: r.provider,
        providerPaymentId: r.provider_payment_id,
        createdAt: new Date(Number(r.created_at)).toISOString(),
        refundedAt: r.refunded_at === null ? null : new Date(Number(r.refunded_at)).toISOString(),
        certificateId: r.certificate_id ?? null,
      })),
      revenueByEditionType,
      refundedByEditionType,
      revenueCents: Object.values(revenueByEditionType).reduce((a, b) => a + b, 0),
      refundedCents: totals.refundedCents,
    };
  }

  /**
   * Refunds a sale through the provider and revokes it at once (the provider's `charge.refunded`
   * that follows finds it done), with its audit entry.
   */
  async refundSale(saleId: number, admin: Member): Promise<{ ok: true }> {
    // Two admins refunding at once: the second waits, then finds the sale refunded (409), and
    // neither the provider nor the audit log hears of it twice.
    const alone = this.deps.serialised ?? unordered;
    return alone(`edition_sale:${saleId}`, () => this.refundSaleAlone(saleId, admin));
  }

  private async refundSaleAlone(saleId: number, admin: Member): Promise<{ ok: true }> {
    const sale = await this.deps.editions.findSale(saleId);
    if (!sale) throw notFound(m.saleNotFound, "sale_not_found");
    if (sale.status !== "sold") throw conflict(m.alreadyRefunded, "already_refunded");
    if (sale.provider !== this.deps.provider.name) {
      // Paid through a provider the site no longer uses (the sandbox, before Stripe): the
      // current one does not know the payment.
      throw conflict(MESSAGES.payments.otherProvider(sale.provider), "other_provider");
    }
    await this.deps.provider.refund(
      sale.provider_payment_id,
      `sawdust-edition-refund-${sale.provider_payment_id}`,
    );
    const now = this.deps.clock.now();
    const audit = (before: EditionSaleRow) => saleRefundedEntry(before, admin.userId);
    // The buyer is told, with the refund's record (round 58: nothing said it went).
    // The provider refunds what is left of the payment: all of it, unless a dispute took part.
    const notice = await this.refundedSaleNotice(sale, {
      cause: "refund",
      refundedCents: sale.price_cents - sale.disputed_cents,
      disputedCents: sale.disputed_cents,
    });
    const revoked = await this.deps.editions.refund({
      paymentId: sale.provider_payment_id,
      now,
      audit,
      notice,
    });
    if (revoked) await this.changed(sale.image_id);
    // The provider's refund event can arrive first and revoke the sale itself: the refund is still
    // this admin's, and the log and the buyer's mail say so.
    else await this.deps.editions.recordAudit(audit(sale), now, notice);
    if (notice) this.deps.onJobQueued?.();
    return { ok: true };
  }

  /**
   * The mail telling a sale's buyer it is taken back, and how its payment came back to them
   * (refunded, or taken back by their bank through a dispute, or parts of each); none for a
   * deleted account.
   */
  private async refundedSaleNotice(sale: EditionSaleRow, back: GivenBack) {
    if (sale.user_id === null) return undefined;
    const [buyer, siteName] = await Promise.all([
      this.deps.buyerOf(sale.user_id),
      this.deps.siteName(),
    ]);
    if (!buyer || buyer.deleted_at) return undefined;
    // As it sold (a sale from before 0038 keeps no size: its number alone).
    const cap =
      sale.max_editions === null && sale.edition_type !== "one_of_one"
        ? null
        : editionCapOf(sale.edition_type ?? "", sale.max_editions);
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    // Parts that say more than the payment (a provider's odd figures) are shown within it.
    const disputed = Math.min(Math.max(back.disputedCents, 0), sale.price_cents);
    const refunded = Math.min(Math.max(back.refundedCents, 0), sale.price_cents - disputed);
    return mailTemplates.editionSaleRefunded(buyer.email, siteName, {
      username: buyer.username,
      title: sale.title ?? `Artwork ${sale.image_id}`,
      edition: editionLabel(sale.number, cap),
      amount: dollars(sale.price_cents),
      cause: back.cause,
      refunded: refunded > 0 ? dollars(refunded) : null,
      disputed: disputed > 0 ? dollars(disputed) : null,
      galleryUrl: this.absolute(paths.gallery.getHref()),
    });
  }

  /** Sets (or, with null, clears back to the default) a piece's licence prices. */
  async setLicencePrices(imageId: number, body: LicencePricesBody, admin: Member) {
    const saved = await this.deps.editions.setLicencePrices(
      imageId,
      body,
      (before) => ({
        actorId: admin.userId,
        action: "editions.prices_changed",
        subject: `image:${imageId}`,
        details: { before, after: body },
      }),
      this.deps.clock.now(),
    );
    if (!saved) throw notFound(IMAGE_MESSAGES.notFound);
    await this.changed(imageId);
    return { ok: true as const };
  }

  // ——— Helpers ———

  /** The stored original's SHA-256, taken once and kept on the image. */
  private async originalSha256(imageId: number): Promise<string> {
    const row = await this.deps.images.findReadyById(imageId);
    if (!row) return "";
    if (row.original_sha256) return row.original_sha256;
    const { media } = this.deps;
    const key = media.originalKey(
      imageId,
      EXTENSION_OF[row.original_format as SniffedFormat] ?? "png",
    );
    try {
      const sha = createHash("sha256")
        .update(await media.storage.readBuffer(key))
        .digest("hex");
      await this.deps.editions.setOriginalSha256(imageId, sha);
      return sha;
    } catch (error) {
      // The sale must not wait on the file: the certificate then names no digest.
      this.deps.log?.warn({ err: error, imageId }, "the original could not be read to hash it");
      return "";
    }
  }

  private async changed(imageId: number): Promise<void> {
    await this.deps.events.emit({ type: "image.updated", imageId });
  }

  private absolute(path: string): string {
    return `${this.deps.publicUrl.replace(/\/+$/, "")}${path}`;
  }
}

/**
 * How long after a checkout can no longer be paid its payment's event may still arrive: until
 * then it reads pending, so a buyer who paid in its last moments is not told nothing was charged.
 */
const PAYMENT_EVENT_LAG_MS = 5 * 60_000;

/**
 * Whether a checkout with no payment recorded ended unpaid: a newer checkout of the buyer's for
 * the piece replaced it and the provider closed it, or its session's time is up (the hold's end
 * and the grace the session outlives it by), whether or not its hold was let go since.
 */
function checkoutEnded(hold: { status: string; expiresAt: number }, now: number): boolean {
  return (
    hold.status === "closed" ||
    now >= hold.expiresAt + PAYMENT_SESSION_GRACE_MS + PAYMENT_EVENT_LAG_MS
  );
}

function idOf(value: unknown): string | null {
  if (typeof value === "string" && value.length > 0) return value;
  if (value && typeof value === "object" && typeof (value as { id?: unknown }).id === "string") {
    return (value as { id: string }).id;
  }
  return null;
}

/**
 * How a sale's payment came back once it is taken back: what revoked it (a refund, or a dispute
 * lost), and how much of it was refunded and how much went back through disputes, in all.
 */
interface GivenBack {
  cause: "refund" | "dispute";
  refundedCents: number;
  disputedCents: number;
}

/** A charge whose whole amount went back (Stripe's `refunded`, or the amounts when it is absent). */
function fullyRefunded(charge: Record<string, unknown>): boolean {
  if (typeof charge.refunded === "boolean") return charge.refunded;
  const amount = Number(charge.amount);
  return Number.isFinite(amount) && Number(charge.amount_refunded) >= amount;
}

/**
 * The edition a sale was of: the type the piece sold as (`unknown` when neither the sale nor the
 * piece says) and out of how many: the piece's cap while it is still of that type ("No. 3 of
 * 50"), 1 for a 1/1, else none.
 */
function soldAs(
  row: {
    edition_type: string | null;
    image_edition_type: string | null;
    max_editions: number | null;
  },
  unknown = "deleted",
): { editionType: string; total: number | null } {
  const editionType = row.edition_type ?? unknown;
  if (row.edition_type !== null && row.edition_type === row.image_edition_type) {
    return { editionType, total: editionCapOf(row.edition_type, row.max_editions) };
  }
  return { editionType, total: editionType === "one_of_one" ? 1 : null };
}

/** An edition as a buyer's mail names it: "No. 3 of 50", or "No. 7" for an open edition. */
const editionLabel = (number: number | null, cap: number | null) =>
  cap === null ? `No. ${number}` : `No. ${number} of ${cap}`;
