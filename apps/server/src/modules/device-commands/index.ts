/**
 * The public entry of modules/device-commands: what other modules may use. Its tables are in its
 * `*.schema.ts`; tests may reach further (ARCHITECTURE.md "Module boundaries").
 */
export { answerDeviceCommand } from './command-answers';
export { failUnacknowledgedCommands } from './command-timeout';
export { publishDeviceCommandEvent } from './device-command-events';
export { hasQueuedCommand, takeOldestQueuedCommand } from './device-command-queue.repository';
