/** GET /api/v1/account/export: a download the browser saves (the server names the file). */
export const ACCOUNT_EXPORT_URL = "/api/v1/account/export";
