import { z } from 'zod';
import { zOptionalId } from './field-rules';
import { zListResult } from './users';
import { VALIDATION_KEYS } from './validation';

/**
 * Contracts of a citizen's alarm receivers (`/api/citizens/:id/alarm-receivers`, spec §5, §9): who
 * is told of an alarm, in escalation order, and on which channels.
 */

/** Translation keys (namespace `citizens`) of the receivers' rules; part of CITIZEN_MESSAGE_KEYS. */
export const ALARM_RECEIVER_MESSAGE_KEYS = {
  duplicateReceiver: 'citizens:duplicateReceiver',
  /** A channel listed twice for one receiver. */
  duplicateChannel: 'citizens:duplicateChannel',
  /** Push chosen for a contact person (only users have devices subscribed to push). */
  pushNeedsUser: 'citizens:pushNeedsUser',
  /** SMS chosen for a receiver without a phone number. */
  smsNeedsPhone: 'citizens:smsNeedsPhone',
  /** E-mail chosen for a receiver without an e-mail address. */
  emailNeedsAddress: 'citizens:emailNeedsAddress',
  unknownReceiver: 'citizens:unknownReceiver',
} as const;

/** Alarm receivers of one citizen at most. */
export const CITIZEN_ALARM_RECEIVERS_MAX = 20;

export const ALARM_RECEIVER_KINDS = ['user', 'contactPerson'] as const;
export type AlarmReceiverKind = (typeof ALARM_RECEIVER_KINDS)[number];

/**
 * How an alarm receiver is reached, in fallback order: a push that reaches no device falls back
 * to the next channel (push → SMS → e-mail) with an address that was not already used.
 */
export const ALARM_CHANNELS = ['push', 'sms', 'email'] as const;
export type AlarmChannel = (typeof ALARM_CHANNELS)[number];

/** One receiver: a user of the tenant or a contact person, by the id matching `kind`. */
export const zAlarmReceiverRef = z
  .object({
    kind: z.enum(ALARM_RECEIVER_KINDS),
    userId: zOptionalId.optional().transform((value) => value ?? null),
    contactPersonId: zOptionalId.optional().transform((value) => value ?? null),
    /**
     * The channels chosen (each once); omitted means every channel the receiver has an address
     * for. Push needs a user, SMS a phone number, e-mail an address (the server checks).
     */
    channels: z
      .array(z.enum(ALARM_CHANNELS))
      .min(1)
      .max(ALARM_CHANNELS.length)
      .refine(
        (channels) => new Set(channels).size === channels.length,
        ALARM_RECEIVER_MESSAGE_KEYS.duplicateChannel,
      )
      .optional(),
  })
  .superRefine((value, context) => {
    const field = value.kind === 'user' ? 'userId' : 'contactPersonId';
    if (!value[field]) context.addIssue({ code: 'custom', path: [field], message: VALIDATION_KEYS.required });
  })
  .transform((value) =>
    value.kind === 'user'
      ? { kind: value.kind, userId: value.userId, contactPersonId: null, channels: value.channels }
      : { kind: value.kind, userId: null, contactPersonId: value.contactPersonId, channels: value.channels },
  );
export type AlarmReceiverRef = z.input<typeof zAlarmReceiverRef>;

/** `PUT /api/citizens/:id/alarm-receivers`: the list in escalation order (first is called first). */
export const zReplaceAlarmReceiversRequest = z.object({
  receivers: z.array(zAlarmReceiverRef).max(CITIZEN_ALARM_RECEIVERS_MAX),
});
export type ReplaceAlarmReceiversRequest = z.input<typeof zReplaceAlarmReceiversRequest>;

export const zCitizenAlarmReceiver = z.object({
  id: z.string(),
  /** 1-based escalation position. */
  position: z.number().int(),
  kind: z.enum(ALARM_RECEIVER_KINDS),
  userId: z.string().nullable(),
  contactPersonId: z.string().nullable(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  /** The channels chosen for this receiver, in fallback order. */
  channels: z.array(z.enum(ALARM_CHANNELS)),
});
export type CitizenAlarmReceiver = z.infer<typeof zCitizenAlarmReceiver>;

/** Candidates of the alarm-receiver picker at most, per kind. */
export const ALARM_RECEIVER_CANDIDATES_MAX = 50;

/** `GET /api/citizens/alarm-receiver-candidates?filter=`: users and contact people of the tenant. */
export const zAlarmReceiverCandidatesRequest = z.object({ filter: z.string().trim().max(256).optional() });
export const zAlarmReceiverCandidate = z.object({
  kind: z.enum(ALARM_RECEIVER_KINDS),
  /** The user's or the contact person's id (send it as `userId` or `contactPersonId`). */
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The contact person's customer; null for users. */
  customerName: z.string().nullable(),
});
export type AlarmReceiverCandidate = z.infer<typeof zAlarmReceiverCandidate>;
export const zAlarmReceiverCandidates = zListResult(zAlarmReceiverCandidate);
export type AlarmReceiverCandidates = z.infer<typeof zAlarmReceiverCandidates>;
