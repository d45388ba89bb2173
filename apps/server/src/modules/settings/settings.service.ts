import {
  SETTINGS_MESSAGE_KEYS,
  settingDefinitionsOf,
  type Language,
  type SendTestEmailRequest,
  type SettingGroup,
  type SettingGroupResponse,
  type UpdateSettingsRequest,
  type ValidationError,
} from '@homeward/contracts';
import { DomainError } from '../../platform/errors/domain-error';
import type { RequestContext } from '../../platform/http/request-context';
import { enqueueEmail } from '../../platform/outbox/outbox';
import { resolveSettings } from './setting-resolver';
import { checkSettingValue, type SubmittedValue } from './setting-values';
import * as repository from './settings.repository';
import { testEmailText } from './test-email';

type SettingsContext = Pick<RequestContext, 'db' | 'tenantId' | 'userId' | 'now'>;

/** The level a caller reads and writes: the host's own (`G`) or their tenant's (`T`). */
function targetOf(ctx: SettingsContext): repository.SettingTarget {
  return ctx.tenantId
    ? { providerName: 'T', providerKey: ctx.tenantId, tenantId: ctx.tenantId }
    : { providerName: 'G', providerKey: null, tenantId: null };
}

/**
 * A group's settings as the caller's level sees them: the value in force (host values for a tenant
 * that has not set its own), where it comes from, and whether this level may change it. Secrets
 * are never returned, only whether one is set.
 */
export async function getSettingGroup(
  ctx: SettingsContext,
  group: SettingGroup,
): Promise<SettingGroupResponse> {
  const target = targetOf(ctx);
  const definitions = settingDefinitionsOf(group);
  // Resolved without the user level: this screen manages the host's or the tenant's values.
  const resolved = await resolveSettings(ctx.db, definitions, { tenantId: ctx.tenantId, userId: null });
  return {
    group,
    level: target.providerName,
    settings: definitions.map((definition) => {
      const { value, source } = resolved.get(definition.name)!;
      const secret = definition.type === 'secret';
      return {
        name: definition.name,
        type: definition.type,
        ...(definition.options ? { options: [...definition.options] } : {}),
        ...(definition.min !== undefined ? { min: definition.min } : {}),
        ...(definition.max !== undefined ? { max: definition.max } : {}),
        defaultValue: secret ? '' : definition.defaultValue,
        value: secret ? null : value,
        isSet: secret ? value !== '' : source !== 'default',
        source,
        isEditable: definition.providers.includes(target.providerName),
      };
    }),
  };
}

/**
 * Writes a group's submitted values at the caller's level, all or nothing: every value is checked
 * first and any refusal (unknown name, a level the setting does not allow, a bad value) answers 400
 * with one field error per setting. `null` (or an empty secret) removes the level's own value.
 */
export async function updateSettingGroup(
  ctx: SettingsContext,
  group: SettingGroup,
  input: UpdateSettingsRequest,
): Promise<SettingGroupResponse> {
  const target = targetOf(ctx);
  const definitions = settingDefinitionsOf(group);
  const errors: ValidationError[] = [];
  const writes: { name: string; text: string | null }[] = [];

  for (const [name, submitted] of Object.entries(input.values) as [string, SubmittedValue][]) {
    const definition = definitions.find((candidate) => candidate.name === name);
    if (!definition) {
      errors.push({ field: name, message: SETTINGS_MESSAGE_KEYS.unknownSetting });
      continue;
    }
    if (!definition.providers.includes(target.providerName)) {
      errors.push({ field: name, message: SETTINGS_MESSAGE_KEYS.notAllowedAtLevel });
      continue;
    }
    if (submitted === null || (definition.type === 'secret' && submitted === '')) {
      writes.push({ name, text: null });
      continue;
    }
    const checked = checkSettingValue(definition, submitted);
    if (checked.ok) writes.push({ name, text: checked.text });
    else errors.push(checked.error);
  }
  if (errors.length === 0 && group === 'identity') errors.push(...(await checkLengthBounds(ctx, writes)));
  if (errors.length > 0) throw new DomainError('validation_failed', undefined, undefined, errors);

  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    for (const write of writes) {
      if (write.text === null) await repository.deleteSettingValue(tx, target, write.name);
      else await repository.upsertSettingValue(tx, target, write.name, write.text, now);
    }
  });
  return getSettingGroup(ctx, group);
}

const MIN_LENGTH = 'Identity.Password.RequiredLength';
const MAX_LENGTH = 'Identity.Password.MaxLength';

/** The password bounds must stay in order once the submitted values are combined with the rest. */
async function checkLengthBounds(
  ctx: SettingsContext,
  writes: { name: string; text: string | null }[],
): Promise<ValidationError[]> {
  if (!writes.some((write) => write.name === MIN_LENGTH || write.name === MAX_LENGTH)) return [];
  const current = await getSettingGroup(ctx, 'identity');
  const inherited = (name: string) => {
    const write = writes.find((candidate) => candidate.name === name);
    const setting = current.settings.find((candidate) => candidate.name === name)!;
    // A removed value falls back to what a higher level holds; the default is a safe stand-in here.
    return Number(write ? (write.text ?? setting.defaultValue) : setting.value);
  };
  return inherited(MAX_LENGTH) < inherited(MIN_LENGTH)
    ? [{ field: MAX_LENGTH, message: SETTINGS_MESSAGE_KEYS.maxBelowMin }]
    : [];
}

/** Queues a test e-mail through the outbox, so it travels exactly as real mail does. */
export async function sendTestEmail(
  ctx: SettingsContext & Pick<RequestContext, 'userName'>,
  language: Language,
  input: SendTestEmailRequest,
): Promise<void> {
  const text = await testEmailText(language, { userName: ctx.userName });
  await enqueueEmail(ctx.db, { tenantId: ctx.tenantId, to: input.to, ...text });
}
