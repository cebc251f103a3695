export const auth = {
  welcome: "Welcome to Sawdust",
  welcomeTagline: "Your Creative Journey Begins Here",
  pleaseWait: "Please wait...",
  loginErrorToast: "Login Error",
  logoutErrorToast: "Logout Error",
  registrationErrorToast: "Registration Error",
  loginFailed: "Login failed",
  loginError: "Login error",
  registrationFailed: "Registration failed",
  registrationError: "Registration error",
  success: "Success",
  signedIn: "You are signed in",
  accountCreated: "Your account has been created",
  // Server messages (ours; the spec shows none).
  invalidCredentials: "Invalid username or password",
  notSignedIn: "You need to sign in first",
  adminOnly: "Only an administrator can do this",
  usernameTaken: "That username is already taken",
  emailTaken: "An account with that email already exists",
  // Refusals by a rate limit: the refusal adds when to try again (tryAgainIn).
  tooManyAttempts: "Too many sign-in attempts.",
  tooManyRegistrations: "Too many new accounts from this address.",
  foreignOrigin: "Request refused: it did not come from this site",
  /** A member's session ended while they were on a page (the page stays under this dialog). */
  sessionEndedTitle: "Your session has ended",
  sessionEndedBody: (username: string) =>
    `Sign in again as ${username} to carry on: this page stays as you left it, with anything you typed.`,
  sessionEndedLeave: "Leave and go to the gallery",
} as const;
