/** A confirmation link stays usable for a day (the e-mail says so). */
export const CONFIRMATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** A new confirmation e-mail is sent at most this often per address, so resend cannot spam anyone. */
export const RESEND_INTERVAL_MS = 60 * 1000;
