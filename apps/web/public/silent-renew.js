// The provider's answer to a silent renewal (or session check) lands in a hidden iframe on
// silent-renew.html. Hand the address to the app in the parent window exactly as oidc-client-ts's
// signinSilentCallback would (source "oidc-client", same origin only), without loading the whole
// app a second time inside the iframe. A file of its own, not an inline script, so the
// Content-Security-Policy needs no exception for it.
(function () {
  var message = { source: 'oidc-client', url: window.location.href, keepOpen: false };
  if (window.parent && window.parent !== window) {
    window.parent.postMessage(message, window.location.origin);
  } else if (window.opener) {
    window.opener.postMessage(message, window.location.origin);
  }
})();
