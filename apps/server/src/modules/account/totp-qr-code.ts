import QRCode from 'qrcode';
import { escapeHtml, trustedHtml, type SafeHtml } from './html';

/** Big enough to scan from a laptop screen, small enough for the card on a phone. */
const SIZE_PX = 200;

/**
 * The otpauth:// address as an inline SVG QR code. Inline, so the page still needs no second request
 * and the secret never appears in an image URL (logs, history, Referer).
 */
export async function totpQrCodeSvg(uri: string, label: string): Promise<SafeHtml> {
  const svg = await QRCode.toString(uri, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    width: SIZE_PX,
  });
  // The markup is the library's, built from the address only; the label is the one value we add.
  return trustedHtml(
    svg.trim().replace(/^<svg /, `<svg role="img" aria-label="${escapeHtml(label)}" focusable="false" `),
  );
}
