import { createHash } from 'node:crypto';
import { AVATAR_SIZE_PX } from '@homeward/contracts';
import sharp from 'sharp';

export type AvatarImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/**
 * The image type by the file's first bytes (its signature), never by its name or the Content-Type
 * the browser guessed from the name: a text file called `.png` is not a PNG.
 */
export function detectAvatarImageType(bytes: Uint8Array): AvatarImageType | undefined {
  const starts = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length &&
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

/** Decoding stops above this many pixels (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 40_000_000;

export interface AvatarThumbnail {
  content: Buffer;
  contentType: 'image/webp';
  /** A hash of the bytes: the ETag and the URL's version. */
  version: string;
}

/**
 * The stored picture: turned upright by its EXIF orientation, cropped to the centre square and
 * scaled to AVATAR_SIZE_PX, as WebP (metadata such as GPS position is dropped). Throws when the
 * bytes do not decode as an image.
 */
export async function makeAvatarThumbnail(bytes: Buffer): Promise<AvatarThumbnail> {
  const content = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'centre' })
    .webp({ quality: 85 })
    .toBuffer();
  const version = createHash('sha256').update(content).digest('base64url').slice(0, 16);
  return { content, contentType: 'image/webp', version };
}
