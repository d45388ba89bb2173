import { DEVICE_COMMAND_MESSAGE_KEYS } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import type { CommandAnswer } from '../gateways';
import { publishDeviceCommandEvent } from './device-command-events';
import { findSentCommandForReply, settleDeviceCommand } from './device-commands.repository';

/**
 * Settles the sent command a device answered, in the device's tenant transaction: a watch's reply
 * frame of the command's keyword, or an MQTT answer by command id (`ok` or not). True when a
 * command was settled; a reply matching none (a duplicate, or a command already timed out) is
 * ignored.
 */
export async function answerDeviceCommand(
  tx: Database,
  device: { id: string; tenantId: string | null; organizationId: string | null },
  answer: CommandAnswer,
  now: Date,
): Promise<boolean> {
  const command = await findSentCommandForReply(
    tx,
    device.tenantId,
    device.id,
    'commandId' in answer ? { commandId: answer.commandId } : { keyword: answer.keyword },
  );
  if (!command) return false;
  const ok = 'commandId' in answer ? answer.ok : true;
  const settled = await settleDeviceCommand(
    tx,
    command.id,
    ok
      ? { status: 'acknowledged', at: now }
      : { status: 'failed', at: now, reason: DEVICE_COMMAND_MESSAGE_KEYS.deviceError },
  );
  await publishDeviceCommandEvent(tx, settled, device.organizationId);
  return true;
}
