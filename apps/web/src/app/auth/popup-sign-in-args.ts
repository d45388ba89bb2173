import type { PopupWindowParams } from 'oidc-client-ts';

/**
 * Arguments for every `signinPopup`/`signoutPopup` call. oidc-client-ts takes this per call, not
 * as a setting; without it a popup closed by the user leaves the sign-in pending for ever instead
 * of failing with "Popup closed by user" (the window is polled every 500 ms, spec §9). A module of
 * its own with a type-only import, so the anonymous shell's sign-in buttons do not load the client.
 */
export const POPUP_SIGN_IN_ARGS = { popupAbortOnClose: true } as const satisfies PopupWindowParams;
