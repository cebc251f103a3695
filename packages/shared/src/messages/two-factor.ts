/** Two-factor sign-in (issue 22): the sign-in step, the security page and the admin's reset. */
export const twoFactor = {
  // The sign-in step after the password.
  codeStepTitle: "Two-factor sign-in",
  codeStepDescription: "Enter the 6-digit code from your authenticator app.",
  recoveryStepDescription:
    "Enter one of the recovery codes you saved when you turned on two-factor sign-in.",
  codeLabel: "Authentication code",
  recoveryCodeLabel: "Recovery code",
  useRecoveryCode: "Use a recovery code",
  useAuthenticatorCode: "Use a code from your app",
  verify: "Verify",
  backToSignIn: "Back to sign-in",
  // Server messages.
  codeFormat: "Enter the 6-digit code from your authenticator app",
  recoveryCodeFormat: "Enter a recovery code like abcde-fghij",
  oneFactor: "Send either a code or a recovery code",
  wrongCode: "That code is not right. Check your authenticator app and try again.",
  wrongRecoveryCode: "That recovery code is not right, or it has been used.",
  signInExpired: "This sign-in has expired. Sign in again with your password.",
  wrongPassword: "Your password is not right.",
  alreadyEnabled: "Two-factor sign-in is already on.",
  notEnabled: "Two-factor sign-in is not on.",
  noEnrolment: "Start setting up two-factor sign-in first.",
  adminMustEnrol:
    "This site requires administrators to use two-factor sign-in. Turn it on under Account → Security to use the admin console.",
  enableYoursFirst:
    "Turn on two-factor sign-in for your own account first (Account → Security), or you would lock yourself out of the admin console.",
  // The security page.
  pageTitle: "Security",
  pageDescription: "Protect your account with a second step at sign-in.",
  sectionTitle: "Two-factor sign-in",
  statusOn: "On",
  statusOff: "Off",
  offDescription:
    "With two-factor sign-in, signing in asks for a code from an authenticator app on your phone after your password.",
  onDescription: (since: string) => `Two-factor sign-in is on since ${since}.`,
  recoveryCodesLeft: (count: number) =>
    `${count} unused recovery ${count === 1 ? "code" : "codes"} left.`,
  requiredNotice:
    "This site requires administrators to use two-factor sign-in: turn it on to use the admin console.",
  turnOn: "Turn on two-factor sign-in",
  scanTitle: "1. Scan this code",
  scanDescription:
    "Scan the QR code with an authenticator app (such as 1Password, Authy or Google Authenticator).",
  secretLabel: "Or type this key into the app",
  confirmTitle: "2. Enter the code the app shows, and your password",
  confirm: "Turn on",
  cancel: "Cancel",
  enabledToast: "Two-factor sign-in is on",
  recoveryTitle: "Save your recovery codes",
  recoveryDescription:
    "Each code signs you in once if you lose your phone. They are shown only now: copy or download them and keep them somewhere safe.",
  copyCodes: "Copy codes",
  downloadCodes: "Download codes",
  copied: "Recovery codes copied",
  savedThem: "I have saved them",
  turnOff: "Turn off two-factor sign-in",
  turnOffDescription: "Enter your password and a code from your authenticator app.",
  disabledToast: "Two-factor sign-in is off",
  regenerate: "New recovery codes",
  regenerateDescription:
    "Enter your password to replace your recovery codes. The old ones stop working at once.",
  passwordLabel: "Password",
  failed: "Something went wrong",
  loadFailed: "Failed to load your security settings",
  // The admin console.
  columnTwoFactor: "Two-factor",
  resetAction: "Reset two-factor",
  resetTitle: (username: string) => `Reset two-factor sign-in of ${username}?`,
  resetDescription:
    "Their authenticator app and recovery codes stop working; they sign in with their password alone until they turn two-factor on again.",
  resetToast: (username: string) => `Two-factor sign-in of ${username} is reset`,
  settingLabel: "Require two-factor sign-in for administrators",
  settingHint:
    "An administrator without it can sign in but cannot use the admin console until they turn it on under Account → Security.",
} as const;
