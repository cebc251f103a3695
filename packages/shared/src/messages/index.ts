/**
 * User-facing messages of the specification (sections 2, 5 and 8), written once. Imported as the
 * namespace `MESSAGES` (../index.ts): `MESSAGES.auth.signedIn`. A module per group lets the web
 * app's bundler leave a group out of the first download when no code of the first page names it.
 * Functions build the messages that carry a value.
 */

export { account } from "./account.js";
export { adminImages } from "./admin-images.js";
export { adminStats } from "./admin-stats.js";
export { adminUsers } from "./admin-users.js";
export { apiKeys } from "./api-keys.js";
export { audit } from "./audit.js";
export { auth } from "./auth.js";
export { billing } from "./billing.js";
export { collections } from "./collections.js";
export * from "./common.js";
export { dashboard } from "./dashboard.js";
export { editions } from "./editions.js";
export { explore } from "./explore.js";
export { gallery } from "./gallery.js";
export { hero } from "./hero.js";
export { heroContent } from "./hero-content.js";
export { imageDetail } from "./image-detail.js";
export { images } from "./images.js";
export { moderation } from "./moderation.js";
export { pageNotices } from "./page-notices.js";
export { payments } from "./payments.js";
export { profile } from "./profile.js";
export { search } from "./search.js";
export { searchStatus } from "./search-status.js";
export { siteSettings } from "./site-settings.js";
export { subscribers } from "./subscribers.js";
export { subscriptions } from "./subscriptions.js";
export { twoFactor } from "./two-factor.js";
export { upload } from "./upload.js";
export { validation } from "./validation.js";
