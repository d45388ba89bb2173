import {
  ALL_TENANTS_ID,
  AVATAR_MAX_MEGABYTES_DEFAULT,
  AVATAR_MAX_MEGABYTES_SETTING,
  findSettingDefinition,
  PROFILE_MESSAGE_KEYS,
  type MyProfile,
} from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { DomainError } from '../../platform/errors/domain-error';
import type { RequestContext } from '../../platform/http/request-context';
import { resolveSettings } from '../settings';
import { detectAvatarImageType, makeAvatarThumbnail } from './avatar-image';
import { inUserScope } from './profile-scope';
import { getMyProfile, type ProfileContext } from './profile.service';
import * as repository from './profile.repository';

const AVATAR_MAX_MEGABYTES = findSettingDefinition(AVATAR_MAX_MEGABYTES_SETTING)!;
const BYTES_PER_MEGABYTE = 1024 * 1024;

/** The largest picture a user may upload, in MB (the setting, resolved for the user and tenant). */
export async function avatarMaxMegabytes(
  db: Database,
  scope: { tenantId: string | null; userId: string | null },
): Promise<number> {
  const resolved = await resolveSettings(db, [AVATAR_MAX_MEGABYTES], scope);
  const value = Number(resolved.get(AVATAR_MAX_MEGABYTES.name)?.value);
  // Unparseable stored text (written outside the API) falls back to the default.
  return Number.isFinite(value) && value > 0 ? value : AVATAR_MAX_MEGABYTES_DEFAULT;
}

/** The spec's "maximum size in MB" answer: 413 with the limit as a field error on `file`. */
export function avatarTooLargeError(maxMegabytes: number): DomainError {
  return new DomainError('payload_too_large', undefined, undefined, [
    { field: 'file', message: PROFILE_MESSAGE_KEYS.avatarTooLarge, params: { count: maxMegabytes } },
  ]);
}

/**
 * Replaces the user's picture with `bytes`: within the size setting, a PNG, JPEG or WebP by its
 * content, and decodable; stored as the square thumbnail only.
 */
export async function uploadAvatar(ctx: ProfileContext, bytes: unknown): Promise<MyProfile> {
  await inUserScope(ctx.db, ctx.tenantId, async (db) => {
    const maxMegabytes = await avatarMaxMegabytes(db, { tenantId: ctx.tenantId, userId: ctx.userId });
    if (Buffer.isBuffer(bytes) && bytes.length > maxMegabytes * BYTES_PER_MEGABYTE) {
      throw avatarTooLargeError(maxMegabytes);
    }
    if (!Buffer.isBuffer(bytes) || !detectAvatarImageType(bytes)) {
      throw new DomainError('unsupported_media_type', undefined, undefined, [
        { field: 'file', message: PROFILE_MESSAGE_KEYS.avatarNotAnImage },
      ]);
    }
    const thumbnail = await makeAvatarThumbnail(bytes).catch(() => {
      throw new DomainError('validation_failed', undefined, undefined, [
        { field: 'file', message: PROFILE_MESSAGE_KEYS.avatarUnreadable },
      ]);
    });
    await repository.saveAvatar(db, {
      userId: ctx.userId,
      tenantId: ctx.tenantId,
      ...thumbnail,
      updatedAt: ctx.now(),
    });
  });
  return getMyProfile(ctx);
}

export async function removeAvatar(ctx: ProfileContext): Promise<MyProfile> {
  await inUserScope(ctx.db, ctx.tenantId, (db) => repository.deleteAvatar(db, ctx.userId));
  return getMyProfile(ctx);
}

/**
 * A user's picture for the caller: their own always, anyone else's only within the request's
 * tenant scope (another tenant's user is as unknown as no picture: 404).
 */
export async function findAvatarForCaller(
  ctx: RequestContext,
  own: { tenantId: string | null },
  userId: string,
) {
  const avatar =
    userId === ctx.userId
      ? await inUserScope(ctx.db, own.tenantId, (db) => repository.findAvatar(db, userId, own.tenantId))
      : await repository.findAvatar(
          ctx.db,
          userId,
          ctx.tenantId === ALL_TENANTS_ID ? undefined : ctx.tenantId,
        );
  if (!avatar) throw new DomainError('not_found');
  return avatar;
}
