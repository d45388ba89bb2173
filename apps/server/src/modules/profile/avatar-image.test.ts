import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectAvatarImageType, makeAvatarThumbnail } from './avatar-image';

const image = (format: 'png' | 'jpeg' | 'webp' | 'gif') =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#093245' } })
    .toFormat(format)
    .toBuffer();

describe('detectAvatarImageType', () => {
  it('tells PNG, JPEG and WebP by their first bytes', async () => {
    expect(detectAvatarImageType(await image('png'))).toBe('image/png');
    expect(detectAvatarImageType(await image('jpeg'))).toBe('image/jpeg');
    expect(detectAvatarImageType(await image('webp'))).toBe('image/webp');
  });

  it('refuses other images, text, and files too short to tell', async () => {
    expect(detectAvatarImageType(await image('gif'))).toBeUndefined();
    expect(detectAvatarImageType(Buffer.from('PNG pretending to be one'))).toBeUndefined();
    expect(detectAvatarImageType(Buffer.from('RIFF0000WAVE'))).toBeUndefined();
    expect(detectAvatarImageType(Buffer.from([0x89, 0x50]))).toBeUndefined();
    expect(detectAvatarImageType(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('makeAvatarThumbnail', () => {
  it('crops to the centre square, as WebP, with a version that follows the bytes', async () => {
    const thumbnail = await makeAvatarThumbnail(await image('png'));
    const metadata = await sharp(thumbnail.content).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 256, 256]);
    expect(thumbnail.version).toMatch(/^[\w-]{16}$/);
    expect((await makeAvatarThumbnail(await image('png'))).version).toBe(thumbnail.version);
    expect((await makeAvatarThumbnail(await image('jpeg'))).version).not.toBe(thumbnail.version);
  });

  it('throws for bytes that do not decode', async () => {
    await expect(makeAvatarThumbnail(Buffer.from('not an image'))).rejects.toThrow();
  });
});
