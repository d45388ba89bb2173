import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';
import { makeAvatarThumbnail } from './avatar-image';
import { userAvatars } from './profile.schema';

/**
 * The self-service account in the tenant-isolation suite: A's administrator has a picture and asks
 * for a new e-mail address, so both tables hold A's rows. B's profile never shows them, and nothing
 * B does to its own account touches A's rows.
 */
export const profileIsolationCase: IsolationCase = {
  name: 'account profile and avatar',
  tables: ['user_avatars', 'user_email_changes'],
  permissions: [],
  async seed({ t, a }) {
    // Stored as an upload stores it (the case's requests send JSON only).
    const picture = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#093245' } })
      .png()
      .toBuffer();
    await t.database.db
      .insert(userAvatars)
      .values({ userId: a.userId, tenantId: a.tenantId, ...(await makeAvatarThumbnail(picture)) });
    const pendingEmail = `isolated.${randomBytes(5).toString('hex')}@example.com`;
    const saved = await a.request({
      method: 'PUT',
      url: '/api/account/update-profile',
      payload: { email: pendingEmail },
    });
    if (saved.statusCode !== 200) throw new Error(`seed refused: ${saved.statusCode} ${saved.body}`);
    return { id: a.userId, searchText: pendingEmail };
  },
  // A's own profile names A's id (and the picture's URL); B's never does. Fetching A's picture as B
  // (404) is in avatar.routes.test.ts: the picture's body is bytes, which cannot name an id.
  list: '/api/account/my-profile',
};
