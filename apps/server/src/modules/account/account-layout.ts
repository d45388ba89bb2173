import { SELECTABLE_LANGUAGES } from '@homeward/contracts';
import type { AccountLanguage, Translate } from './account-texts';
import { html, trustedHtml, type SafeHtml } from './html';

/** Font files served under /account/assets/ (see account-assets.routes.ts). */
export const FONT_WEIGHTS = [400, 600, 700] as const;
export const fontFileName = (weight: number) => `montserrat-latin-${weight}-normal.woff2`;

const fontFaces = FONT_WEIGHTS.map(
  (weight) =>
    `@font-face{font-family:Montserrat;font-style:normal;font-display:swap;font-weight:${weight};` +
    `src:url(/account/assets/${fontFileName(weight)}) format('woff2')}`,
).join('');

// The product's look (spec: primary #093245, secondary #ee4d9b, Montserrat, 24px button corners),
// kept inline so the pages need no build step and load in one request.
const STYLE = trustedHtml(`<style>${fontFaces}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;
background:#eef2f5;color:#1b2a33;font:16px/1.5 Montserrat,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{width:100%;max-width:420px;background:#fff;border-radius:16px;padding:32px;box-shadow:0 8px 32px rgba(9,50,69,.12)}
.brand{margin:0 0 24px;color:#093245;font-size:1.5rem;font-weight:700;letter-spacing:.02em}
.brand::after{content:"";display:block;width:40px;height:4px;margin-top:8px;border-radius:2px;background:#ee4d9b}
h1{margin:0 0 8px;font-size:1.25rem;font-weight:600;color:#093245}
p{margin:0 0 16px}
.muted{color:#51626c;font-size:.9rem}
form{margin:0}
h1+form{margin-top:16px}
.field{margin:0 0 16px}
label{display:block;margin:0 0 4px;font-weight:600;font-size:.9rem}
input{width:100%;padding:12px 14px;border:1px solid #b8c4cc;border-radius:8px;font:inherit;color:inherit;background:#fff}
input:focus{outline:2px solid #093245;outline-offset:1px;border-color:#093245}
input[aria-invalid=true]{border-color:#c62828}
.field-error{margin:4px 0 0;color:#c62828;font-size:.85rem}
.hint{margin:4px 0 0;color:#51626c;font-size:.85rem}
.qr{display:flex;justify-content:center;margin:0 0 16px}
.qr svg{width:200px;height:200px;max-width:100%}
.secret{margin:0 0 24px;padding:10px 12px;border-radius:8px;background:#eef2f5;text-align:center;
font:600 1rem/1.4 ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace;letter-spacing:.05em;word-break:break-word}
.alert{margin:0 0 16px;padding:12px 14px;border-radius:8px;background:#fdecea;color:#8e1c1c}
.alert.info{background:#e8f1f6;color:#093245}
.button{display:inline-block;width:100%;padding:12px 22px;border:0;border-radius:24px;background:#093245;color:#fff;
font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
.button:hover,.button:focus{background:#0d4660}
.button.secondary{background:transparent;color:#093245;border:1px solid #093245;margin-top:12px}
.links{display:flex;flex-wrap:wrap;justify-content:space-between;gap:12px;margin:16px 0 0;font-size:.9rem}
a{color:#093245;font-weight:600}
a:hover{color:#a6366c}
nav.languages{display:flex;gap:12px;justify-content:center;margin:24px 0 0;font-size:.85rem}
nav.languages a[aria-current=true]{color:#a6366c;text-decoration:none}
</style>`);

export interface PageFrame {
  language: AccountLanguage;
  t: Translate;
  title: string;
  /** A GET address of this page; the language links add `lng` to it. None: no language links. */
  switchLanguageUrl?: string;
  body: SafeHtml;
}

/** The whole document: the card centred on the page, the app name, the body, the language links. */
export function renderPage(frame: PageFrame): string {
  const { language, t } = frame;
  const { switchLanguageUrl } = frame;
  const languages = switchLanguageUrl
    ? html`<nav class="languages" aria-label="${t('language.label')}">
        ${SELECTABLE_LANGUAGES.map(
          (lng) =>
            html`<a
              href="${withLanguage(switchLanguageUrl, lng)}"
              hreflang="${lng}"
              lang="${lng}"
              aria-current="${lng === language ? 'true' : 'false'}"
              >${t(`language.${lng}`)}</a
            >`,
        )}
      </nav>`
    : '';
  return html`<!doctype html>
    <html lang="${language}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${frame.title} · ${t('appName')}</title>
        ${STYLE}
      </head>
      <body>
        <main>
          <p class="brand">${t('appName')}</p>
          ${frame.body} ${languages}
        </main>
      </body>
    </html>`.toString();
}

/** The same relative address with `lng` set (other query parameters, such as a token, are kept). */
export function withLanguage(url: string, language: AccountLanguage): string {
  const parsed = new URL(url, 'http://local');
  parsed.searchParams.set('lng', language);
  return `${parsed.pathname}${parsed.search}`;
}

export interface FieldOptions {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  value?: string;
  /** Translated error text shown under the input. */
  error?: string;
  hint?: string;
  autocomplete: string;
  autofocus?: boolean;
  inputmode?: 'numeric';
}

/** A labelled input with its error (announced through aria-describedby). */
export function renderField(options: FieldOptions): SafeHtml {
  const id = `field-${options.name}`;
  const describedBy = [options.error ? `${id}-error` : '', options.hint ? `${id}-hint` : '']
    .filter(Boolean)
    .join(' ');
  return html`<div class="field">
    <label for="${id}">${options.label}</label>
    <input
      id="${id}"
      name="${options.name}"
      type="${options.type ?? 'text'}"
      value="${options.value ?? ''}"
      autocomplete="${options.autocomplete}"
      required${options.autofocus ? trustedHtml(' autofocus') : ''}${
        options.inputmode ? html` inputmode="${options.inputmode}"` : ''
      }
      aria-invalid="${options.error ? 'true' : 'false'}"
      ${describedBy ? html` aria-describedby="${describedBy}"` : ''}
    />
    ${options.hint ? html`<p class="hint" id="${id}-hint">${options.hint}</p>` : ''}
    ${options.error ? html`<p class="field-error" id="${id}-error">${options.error}</p>` : ''}
  </div>`;
}

/** An alert above a form; role=alert so screen readers announce it on the re-rendered page. */
export function renderAlert(message: string | undefined, kind: 'error' | 'info' = 'error'): SafeHtml {
  if (!message) return html``;
  return html`<p
    class="alert${kind === 'info' ? ' info' : ''}"
    role="${kind === 'error' ? 'alert' : 'status'}"
  >
    ${message}
  </p>`;
}

/** A page that only tells something and offers one way on. */
export function renderMessageBody(options: {
  title: string;
  message: string;
  detail?: string;
  link: { href: string; label: string };
  secondaryLink?: { href: string; label: string };
}): SafeHtml {
  return html`<h1>${options.title}</h1>
    <p>${options.message}</p>
    ${options.detail ? html`<p class="muted">${options.detail}</p>` : ''}
    <a class="button" href="${options.link.href}">${options.link.label}</a>
    ${options.secondaryLink ? html`<a class="button secondary" href="${options.secondaryLink.href}">${options.secondaryLink.label}</a>` : ''}`;
}
