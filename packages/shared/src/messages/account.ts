/** Accounts a person looks after (issue 22): email, password reset, settings, deletion. */
export const account = {
  pageTitle: "Account",
  pageIntro: "Your email, password, sessions and data.",
  // Email verification.
  emailSection: "Email",
  verified: "Verified",
  notVerified: "Not verified",
  verifyFirst:
    "Confirm your email address first: open the link we sent you (or send a new one from your Account page).",
  /**
   * The same refusal, in a dialog that offers its own button to send the link again right under it
   * (Subscribe, Buy): pointing to the Account page there sends the member away for nothing.
   */
  verifyFirstBelow:
    "Confirm your email address first: open the link we sent you, or have it sent again below.",
  /** The same, on the account page itself, above its own button to send the link again. */
  verifyHere: "Confirm your email address: open the link we sent you, or send a new one below.",
  verificationSent: "We sent a confirmation link to your email address.",
  resendVerification: "Send the confirmation link again",
  alreadyVerified: "This email address is already confirmed.",
  emailVerified: "Your email address is confirmed.",
  verifyPageTitle: "Confirm your email",
  verifying: "Confirming your email address…",
  verifyIntro: "Press the button to confirm that this email address is yours.",
  verifyButton: "Confirm my email address",
  /** The confirmation page's way back: to the page the member came from, else the gallery. */
  verifyGoBack: "Go back to where you were",
  verifyToGallery: "Browse the gallery",
  returnPathInvalid: "The page to come back to must be a path on this site",
  // Links from mails.
  linkInvalid: "This link is not valid or has already been used. Ask for a new one.",
  linkExpired: "This link has expired. Ask for a new one.",
  // Password reset.
  forgotPassword: "Forgot password?",
  resetPageTitle: "Reset your password",
  resetIntro:
    "Enter your account's email address and we will send you a link to set a new password.",
  resetRequested:
    "If an account uses that address, a link to reset its password is on its way. It works once, within an hour.",
  sendResetLink: "Send reset link",
  newPasswordTitle: "Choose a new password",
  setNewPassword: "Set new password",
  passwordReset:
    "Your password is changed and every session of your account has ended. Sign in with the new password.",
  tooManyResets: "Too many reset requests for now.",
  // Change password.
  passwordSection: "Password",
  currentPassword: "Current password",
  newPassword: "New password",
  changePassword: "Change password",
  passwordChanged: "Your password is changed; your other sessions have ended.",
  wrongPassword: "That is not your current password",
  tooManyPasswordTries: "Too many password attempts.",
  // Change email.
  newEmail: "New email address",
  changeEmail: "Change email",
  emailChangeSent: (email: string) =>
    `We sent a link to ${email}. Your email changes once you open it.`,
  pendingEmail: (email: string) => `Waiting for confirmation at ${email}`,
  sameEmail: "That is already your email address",
  emailChanged: "Your email address is changed.",
  tooManyConfirmationMails: "Too many confirmation emails for now.",
  // Sessions.
  sessionsSection: "Sessions",
  sessionsIntro: "Browsers where you are signed in.",
  thisSession: "This browser",
  lastSeen: "Last seen",
  signedInAt: "Signed in",
  endSession: "End",
  endOtherSessions: "End all other sessions",
  sessionEnded: "The session has ended.",
  otherSessionsEnded: (count: number) =>
    `${count} other ${count === 1 ? "session" : "sessions"} ended.`,
  noSuchSession: "No such session",
  // Export.
  exportSection: "Your data",
  exportIntro:
    "Download everything the site keeps about you (profile, collections, downloads, subscriptions and purchases) as a JSON file.",
  downloadData: "Download my data",
  // Delete.
  deleteSection: "Delete account",
  deleteIntro:
    "Your profile and collections are removed, every session ends and a subscription is cancelled at once. Payments stay in the accounts without your name. Your username becomes free for others after 30 days.",
  deleteAccount: "Delete my account",
  deleteConfirmTitle: "Delete your account?",
  deleteConfirmText: "This cannot be undone. Enter your password to confirm.",
  accountDeleted: "Your account is deleted.",
  lastAdmin: "You are the last active administrator: make another member an administrator first.",
  /** The same account's deletion asked twice at once (two tabs): the first goes on. */
  deletionUnderWay:
    "Your account is already being deleted (in another tab or window). Wait a moment.",
  loadFailed: "Failed to load your account",
  changeFailed: "That did not work. Please try again.",
  // Admin.
  resendVerificationDone: (username: string) =>
    `A new confirmation link is on its way to ${username}.`,
  adminAlreadyVerified: "This member's email address is already confirmed.",
  outboxEmpty: "No mail in the outbox",
} as const;
