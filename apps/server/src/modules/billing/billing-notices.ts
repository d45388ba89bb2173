import { DEFAULT_LANGUAGE, type Language } from '@homeward/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { serverTexts } from '../../platform/i18n/server-texts';
import { enqueueEmail } from '../../platform/outbox/outbox';
import { publishRealtime } from '../../platform/realtime/realtime-publish';
import { messageRecipients, scheduledMessages } from '../messages/messages.schema';
import { findHousehold } from '../tenants';
import { users } from '../users/users.schema';

/**
 * A failed charge told to the household's owner, in the transaction that records the failure (so
 * a rolled-back run sends nothing): an e-mail through the outbox, and a message in the app, as a
 * delivered message in the owner's inbox (`GET /api/messages/for-me`) with its realtime event, the
 * way scheduled messages reach people (modules/messages). Danish households are the product's
 * market: the text is Danish when the billing country is DK, else English.
 */
export interface ChargeFailureNotice {
  householdId: string;
  watchName: string;
  periodStart: Date;
  periodEnd: Date;
  /** The next retry; null after the last one (the subscription is paused). */
  retryAt: Date | null;
  country: string | null;
  now: Date;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

export async function sendChargeFailureNotice(tx: Database, notice: ChargeFailureNotice): Promise<boolean> {
  const household = await findHousehold(tx, notice.householdId);
  if (!household?.ownerUserId) return false;
  const [owner] = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, household.ownerUserId));
  if (!owner) return false;
  const language: Language = notice.country === 'DK' ? 'da' : DEFAULT_LANGUAGE;
  await serverTexts.load([language], ['billingAccount']);
  const params = {
    watch: notice.watchName,
    period: `${day(notice.periodStart)} – ${day(notice.periodEnd)}`,
    retryDate: notice.retryAt ? day(notice.retryAt) : '',
  };
  const final = notice.retryAt === null;
  const subject = serverTexts.translate(
    language,
    final ? 'billingAccount:chargeFailed.finalSubject' : 'billingAccount:chargeFailed.subject',
    params,
  );
  const body = serverTexts.translate(
    language,
    final ? 'billingAccount:chargeFailed.finalBody' : 'billingAccount:chargeFailed.body',
    params,
  );
  if (owner.email.trim() !== '') {
    await enqueueEmail(tx, { tenantId: notice.householdId, to: owner.email, subject, body });
  }
  const [message] = await tx
    .insert(scheduledMessages)
    .values({
      tenantId: notice.householdId,
      subject,
      body,
      sendAt: notice.now,
      status: 'delivered',
      userIds: [owner.id],
      deliveredAt: notice.now,
      recipientCount: 1,
      emailCount: owner.email.trim() !== '' ? 1 : 0,
    })
    .returning({ id: scheduledMessages.id });
  await tx.insert(messageRecipients).values({
    tenantId: notice.householdId,
    messageId: message!.id,
    userId: owner.id,
    deliveredAt: notice.now,
  });
  await publishRealtime(tx, {
    type: 'message',
    tenantId: notice.householdId,
    userIds: [owner.id],
    organizationIds: [],
    messageId: message!.id,
    text: subject,
    at: notice.now.toISOString(),
  });
  return true;
}
