/* Test cards and helpers the contract's two parts share. */

export const VISA = '4242424242424242';
export const MASTERCARD = '5555555555554444';
/** Saved fine, every charge declined. */
export const CHARGES_FAIL = '4000000000000341';

/** What a call rejected with (name, code, decline code), or `{ resolved: true }`. */
export async function rejection(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  return promise.then(
    () => ({ resolved: true }),
    (error: { code?: string; declineCode?: string; name?: string }) => ({
      name: error.name,
      code: error.code,
      ...(error.declineCode ? { declineCode: error.declineCode } : {}),
    }),
  );
}
