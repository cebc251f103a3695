import type { MailMessage } from "./mail.constants.js";

/** Escapes text for HTML element content and attribute values. */
function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

interface Letter {
  subject: string;
  /** Paragraphs of plain text. */
  paragraphs: string[];
  /** The one button of the message, if it has one. */
  action?: { label: string; url: string };
  /** A closing note under the button. */
  footnote?: string;
}

/**
 * An instant as a mail says it. A mail cannot know its reader's time zone: the instant in UTC,
 * said so ("November 30, 2027 at 23:40 UTC").
 */
export function inUtcWords(at: number): string {
  const date = new Date(at);
  const day = date.toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  return `${day} at ${date.toISOString().slice(11, 16)} UTC`;
}

/** A letter as a message with a plain-text and an HTML body saying the same. */
function compose(to: string, siteName: string, letter: Letter): MailMessage {
  const text = [
    ...letter.paragraphs,
    ...(letter.action ? [`${letter.action.label}: ${letter.action.url}`] : []),
    ...(letter.footnote ? [letter.footnote] : []),
    `— ${siteName}`,
  ].join("\n\n");
  const p = (t: string) => `<p style="margin:0 0 16px">${escapeHtml(t)}</p>`;
  const html = [
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1c1917;max-width:560px;margin:0 auto;padding:24px">`,
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(siteName)}</h1>`,
    ...letter.paragraphs.map(p),
    letter.action
      ? `<p style="margin:0 0 16px"><a href="${escapeHtml(letter.action.url)}" style="display:inline-block;background:#1c1917;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(letter.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#57534e">${escapeHtml(letter.action.url)}</p>`
      : "",
    letter.footnote ? p(letter.footnote) : "",
    `</body></html>`,
  ].join("");
  return { to, subject: `${letter.subject} — ${siteName}`, text, html };
}

/** The messages the site sends (issue 22). Every link is absolute, on PUBLIC_URL. */
export const mailTemplates = {
  /** A member's receipt for a paid Pro invoice, queued with the payment's record. */
  proReceipt: (
    to: string,
    siteName: string,
    paid: {
      username: string;
      amount: string;
      cycle: string;
      until: string | null;
      /** The member cancelled at the period's end: the plan ends then instead of renewing. */
      endsThen?: boolean;
      manageUrl: string;
    },
  ) =>
    compose(to, siteName, {
      subject: "Your Pro receipt",
      paragraphs: [
        `Hello ${paid.username},`,
        `Thank you: we received ${paid.amount} for Pro, billed ${paid.cycle}.`,
        ...(paid.until
          ? [
              paid.endsThen
                ? `This payment covers your plan until ${paid.until}; it ends then, as you cancelled it, unless you resume it before.`
                : `This payment covers your plan until ${paid.until}; it renews then unless you cancel.`,
            ]
          : []),
      ],
      action: { label: "Manage your plan", url: paid.manageUrl },
    }),

  /**
   * A renewal's payment failed (the subscription is past_due): Pro holds through the grace, and
   * ends then unless the card is updated. Queued with the change's record.
   */
  proPaymentFailed: (
    to: string,
    siteName: string,
    failed: {
      username: string;
      cycle: string;
      /** When Pro ends unless the card is updated (the grace's end), in words. */
      proUntil: string | null;
      manageUrl: string;
    },
  ) =>
    compose(to, siteName, {
      subject: "Your Pro payment failed",
      paragraphs: [
        `Hello ${failed.username},`,
        `We could not take the payment that renews your Pro plan (billed ${failed.cycle}): your card was not charged.`,
        failed.proUntil
          ? `You keep Pro until ${failed.proUntil}. Update your card before then to keep it: Manage Billing on your plan page takes a new card and pays at once. After that your account returns to the free plan.`
          : "Update your card to keep Pro: Manage Billing on your plan page takes a new card and pays at once. Until then your account may return to the free plan.",
      ],
      action: { label: "Update your card", url: failed.manageUrl },
    }),

  /**
   * The member's Pro plan ended: its renewals went unpaid, their cancellation took effect, or it
   * was ended at the payment provider. Queued with the change's record.
   */
  proEnded: (
    to: string,
    siteName: string,
    ended: {
      username: string;
      why: "ended_unpaid" | "ended_cancelled" | "ended";
      /** When it ended, in words, when the provider says. */
      endedOn: string | null;
      planUrl: string;
    },
  ) => {
    const when = ended.endedOn ? ` on ${ended.endedOn}` : "";
    const what = {
      ended_unpaid: `Your Pro plan ended${when}: the payment to renew it could not be taken, and the card was not updated in time.`,
      ended_cancelled: `Your Pro plan ended${when}, as you cancelled it.`,
      ended: `Your Pro plan ended${when}.`,
    }[ended.why];
    return compose(to, siteName, {
      subject: "Your Pro plan has ended",
      paragraphs: [
        `Hello ${ended.username},`,
        what,
        "Your account is on the free plan now. You can subscribe to Pro again at any time from your plan page.",
      ],
      action: { label: "See your plan", url: ended.planUrl },
    });
  },

  /** A buyer's receipt for an edition (issue 19), queued with the sale itself. */
  editionReceipt: (
    to: string,
    siteName: string,
    sale: {
      username: string;
      title: string;
      /** "No. 3 of 50", or "No. 7" for an open edition. */
      edition: string;
      licence: string;
      amount: string;
      certificateUrl: string;
      libraryUrl: string;
    },
  ) =>
    compose(to, siteName, {
      subject: `Your edition of “${sale.title}”`,
      paragraphs: [
        `Hello ${sale.username},`,
        `Thank you for your purchase: you own “${sale.title}”, ${sale.edition}, under the ${sale.licence} licence, for ${sale.amount}.`,
        `Every size of it is yours to download from your library (${sale.libraryUrl}), whatever your plan. Its certificate of authenticity is below; anyone can verify it there.`,
      ],
      action: { label: "View your certificate", url: sale.certificateUrl },
    }),

  /**
   * A buyer's sale taken back, so the edition is no longer theirs (round 58): refunded (by an
   * admin, or at the payment provider), or lost to a dispute, when their bank took the money back.
   * It says how the payment came back, as parts may have come back each way.
   */
  editionSaleRefunded: (
    to: string,
    siteName: string,
    sale: {
      username: string;
      title: string;
      /** "No. 3 of 50", or "No. 7" for an open edition. */
      edition: string;
      /** The whole payment. */
      amount: string;
      /** What took the sale back: a refund, or a dispute the gallery lost at the buyer's bank. */
      cause: "refund" | "dispute";
      /** How much of the payment was refunded, and how much went back through disputes; null: none. */
      refunded: string | null;
      disputed: string | null;
      galleryUrl: string;
    },
  ) => {
    const piece = `“${sale.title}” (${sale.edition})`;
    let what: string;
    if (sale.cause === "dispute") {
      what = sale.refunded
        ? `The gallery refunded ${sale.refunded} of your payment of ${sale.amount} for ${piece}, and your bank took back the other ${sale.disputed} through a dispute the gallery lost: the whole payment is back with you, so the purchase is cancelled.`
        : `Your bank took back your payment of ${sale.amount} for ${piece} through a dispute the gallery lost, so the purchase is cancelled.`;
    } else {
      what = sale.disputed
        ? `The gallery refunded your purchase of ${piece}: ${sale.refunded} of your payment of ${sale.amount} is going back to your card (your bank already returned the other ${sale.disputed} to you, through a dispute). Your bank shows the refund within a few days.`
        : `The gallery refunded your purchase of ${piece}: the whole payment of ${sale.amount} is going back to your card. Your bank shows it within a few days.`;
    }
    return compose(to, siteName, {
      subject:
        sale.cause === "dispute"
          ? `Your purchase of “${sale.title}” is cancelled`
          : `Your purchase of “${sale.title}” is refunded`,
      paragraphs: [
        `Hello ${sale.username},`,
        what,
        "The edition is no longer yours: its certificate is revoked, and it has left your library.",
      ],
      action: { label: "Browse the gallery", url: sale.galleryUrl },
    });
  },

  /**
   * A payment that found no edition left for it (its hold had run out and the last one sold), or
   * no piece (an admin withdrew it while the buyer paid): it is refunded.
   */
  editionPaymentRefunded: (
    to: string,
    siteName: string,
    payment: {
      username: string;
      /** The piece's title, when it is known (a piece deleted whole has none). */
      title?: string;
      /** The piece was withdrawn from sale (deleted, or being deleted) rather than sold out. */
      withdrawn?: boolean;
      amount: string;
      /** The piece's page, or the gallery when the piece is withdrawn. */
      url: string;
    },
  ) => {
    const piece = payment.title ? `“${payment.title}”` : "an artwork";
    const why = payment.withdrawn
      ? "arrived after the artwork was withdrawn from sale"
      : "arrived after the last edition of it was taken";
    return compose(to, siteName, {
      subject: `Your payment for ${piece} is refunded`,
      paragraphs: [
        `Hello ${payment.username},`,
        `Your payment of ${payment.amount} for ${piece} ${why}, so nothing was sold to you and the whole payment is being refunded to your card. Your bank shows it within a few days.`,
        payment.withdrawn
          ? "We are sorry for the trouble."
          : "We are sorry for the trouble. If another edition becomes free, you can buy it from the piece's page.",
      ],
      action: payment.withdrawn
        ? { label: "Browse the gallery", url: payment.url }
        : { label: "See the piece", url: payment.url },
    });
  },

  verifyEmail: (to: string, siteName: string, username: string, url: string) =>
    compose(to, siteName, {
      subject: "Confirm your email address",
      paragraphs: [
        `Hello ${username},`,
        `Please confirm that ${to} is your email address. Until then you can browse and collect, but not subscribe or buy.`,
      ],
      action: { label: "Confirm email address", url },
      footnote:
        "The link works once, within 48 hours. If you did not create an account, ignore this message.",
    }),

  confirmNewEmail: (to: string, siteName: string, username: string, url: string) =>
    compose(to, siteName, {
      subject: "Confirm your new email address",
      paragraphs: [
        `Hello ${username},`,
        `You asked to use ${to} for your account. It takes effect when you open this link.`,
      ],
      action: { label: "Confirm new address", url },
      footnote:
        "The link works once, within 24 hours. If you did not ask for this, ignore this message.",
    }),

  emailChangeNotice: (to: string, siteName: string, username: string, newEmail: string) =>
    compose(to, siteName, {
      subject: "Your email address is being changed",
      paragraphs: [
        `Hello ${username},`,
        `Someone signed in to your account asked to change its email address to ${newEmail}. It changes once the link sent there is opened.`,
        "If this was not you, change your password now: that ends every other session and calls off the change.",
      ],
    }),

  emailChangedNotice: (to: string, siteName: string, username: string, newEmail: string) =>
    compose(to, siteName, {
      subject: "Your email address was changed",
      paragraphs: [
        `Hello ${username},`,
        `Your account's email address is now ${newEmail}: the link sent there was opened. Mail for the account goes there from now on, and this address no longer signs in or resets the password.`,
        `If this was not you, contact the administrators of ${siteName} at once (this address takes no replies): they can restore your address.`,
      ],
    }),

  /**
   * To an address another member asked to move their account to, though an account already uses
   * it: no link (the change cannot happen), and the asker is never told the address is taken.
   */
  emailAlreadyRegistered: (to: string, siteName: string) =>
    compose(to, siteName, {
      subject: "Someone tried to use this address",
      paragraphs: [
        `A member of ${siteName} asked to change their account's email address to ${to}. An account already uses this address, so nothing was changed.`,
        "If it was you, sign in to the account that uses this address (or reset its password from the sign-in page). If not, you need not do anything.",
      ],
    }),

  passwordReset: (to: string, siteName: string, username: string, url: string) =>
    compose(to, siteName, {
      subject: "Reset your password",
      paragraphs: [
        `Hello ${username},`,
        "Someone (we hope you) asked to reset the password of your account. Choose a new one here:",
      ],
      action: { label: "Choose a new password", url },
      footnote:
        "The link works once, within an hour, and signs out every session of the account. If you did not ask for it, ignore this message: your password stays as it is.",
    }),

  /**
   * The account's password was changed, by its member signed in or through a reset link (which
   * whoever reads the mailbox, or an admin reading the outbox, could open): when, and how to take
   * the account back. Queued in the change's own transaction. `cancelledEmail`: the change of
   * email to it, still waiting for its link, was called off with it.
   */
  passwordChanged: (
    to: string,
    siteName: string,
    changed: {
      username: string;
      /** When (epoch ms). */
      at: number;
      /** With a reset link (every session ended), or by the member signed in (the others ended). */
      by: "reset_link" | "signed_in";
      cancelledEmail: string | null;
      /** "Forgot password?" on PUBLIC_URL. */
      forgotPasswordUrl: string;
    },
  ) =>
    compose(to, siteName, {
      subject: "Your password was changed",
      paragraphs: [
        `Hello ${changed.username},`,
        changed.by === "reset_link"
          ? `The password of your account was just changed, on ${inUtcWords(changed.at)}, with a link to reset it, and every session of the account ended.`
          : `The password of your account was just changed, on ${inUtcWords(changed.at)}, and its other sessions ended.`,
        ...(changed.cancelledEmail
          ? [
              `The change of your email address to ${changed.cancelledEmail} was cancelled with it: the link sent there no longer works. If you still want that address, ask for the change again on your account page.`,
            ]
          : []),
        `If this was not you, someone else can sign in to your account: choose a new password at once with "Forgot password?", and tell the administrators of ${siteName}.`,
      ],
      action: { label: "Forgot password?", url: changed.forgotPasswordUrl },
      footnote: "If it was you, you need not do anything.",
    }),
};
