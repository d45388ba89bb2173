import { DEVICE_COMMAND_ACK_TIMEOUT_MS, DEVICE_COMMAND_MESSAGE_KEYS } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { publishDeviceCommandEvent } from './device-command-events';
import { claimUnacknowledgedCommands, settleDeviceCommand } from './device-commands.repository';

const BATCH_SIZE = 200;

/**
 * Fails commands sent over an acknowledging channel (watch, MQTT) that got no answer within the
 * timeout. Each batch is one owner transaction claiming rows with SKIP LOCKED, so workers share
 * the job and an answer being stored right now wins. OsmAnd and SMS have no answer channel: their
 * commands stay `sent`. Returns how many failed.
 */
export async function failUnacknowledgedCommands(
  db: Database,
  now: Date,
  timeoutMs = DEVICE_COMMAND_ACK_TIMEOUT_MS,
): Promise<number> {
  const sentBefore = new Date(now.getTime() - timeoutMs);
  let total = 0;
  for (;;) {
    const failed = await db.transaction(async (tx) => {
      const claimed = await claimUnacknowledgedCommands(tx, sentBefore, BATCH_SIZE);
      for (const command of claimed) {
        const row = await settleDeviceCommand(tx, command.id, {
          status: 'failed',
          at: now,
          reason: DEVICE_COMMAND_MESSAGE_KEYS.notAcknowledged,
        });
        await publishDeviceCommandEvent(tx, row, command.organizationId);
      }
      return claimed.length;
    });
    total += failed;
    if (failed < BATCH_SIZE) return total;
  }
}
