import {
  ALARM_KINDS,
  renderAlarmText,
  type AlarmKind,
  type AlarmText,
  type AlarmTextListResponse,
  type AlarmTextPreview,
  type AlarmTextValues,
  type SaveAlarmTextValues,
} from '@homeward/contracts';
import { DomainError } from '../../platform/errors/domain-error';
import { isoTime } from '../../platform/db/query-helpers';
import type { LinkBaseConfig } from '../../platform/http/email-link-base';
import type { RequestContext } from '../../platform/http/request-context';
import { findLanguageByCulture } from '../languages';
import { defaultAlarmText } from './alarm-text-defaults';
import { alarmLink, formatAlarmTime } from './alarm-message';
import { alarmLinkBaseFor } from './alarm-notification-text';
import * as repository from './alarm-texts.repository';
import type { AlarmTextRow } from './alarm-texts.schema';

/** Alarm texts of the caller's tenant: all kinds of a language, save one, restore its default, preview. */

type AlarmTextsContext = Pick<RequestContext, 'db' | 'tenantId' | 'userId' | 'now'>;

/** The sample alarm a preview is rendered with (the alarm id only shapes the link). */
const SAMPLE = {
  citizen: 'Inge Jensen',
  device: 'Homeward Watch 4G',
  address: 'Vestergade 12, 8000 Aarhus C',
  alarmId: '00000000-0000-4000-8000-000000000001',
};

/** The language as language management spells it; 404 when the product has no such language. */
async function knownLanguage(ctx: Pick<AlarmTextsContext, 'db'>, culture: string): Promise<string> {
  const language = await findLanguageByCulture(ctx.db, culture);
  if (!language) throw new DomainError('not_found');
  return language.cultureName;
}

function toAlarmText(kind: AlarmKind, language: string, row: AlarmTextRow | undefined): AlarmText {
  if (!row) {
    return {
      id: null,
      kind,
      language,
      ...defaultAlarmText(kind, language),
      isDefault: true,
      updatedAt: null,
    };
  }
  return {
    id: row.id,
    kind,
    language,
    subject: row.subject,
    body: row.body,
    isDefault: false,
    updatedAt: isoTime(row.updatedAt),
  };
}

/** Every alarm kind's text in a language: the tenant's saved one, else the shipped default. */
export async function listAlarmTexts(
  ctx: Pick<AlarmTextsContext, 'db' | 'tenantId'>,
  culture: string,
): Promise<AlarmTextListResponse> {
  const language = await knownLanguage(ctx, culture);
  const rows = await repository.findAlarmTexts(ctx.db, ctx.tenantId, language);
  return {
    language,
    items: ALARM_KINDS.map((kind) =>
      toAlarmText(
        kind,
        language,
        rows.find((row) => row.kind === kind),
      ),
    ),
  };
}

export async function saveAlarmText(
  ctx: AlarmTextsContext,
  kind: AlarmKind,
  culture: string,
  input: SaveAlarmTextValues,
): Promise<AlarmText> {
  const language = await knownLanguage(ctx, culture);
  const row = await repository.upsertAlarmText(ctx.db, {
    tenantId: ctx.tenantId,
    kind,
    language,
    subject: input.subject,
    body: input.body,
    updatedByUserId: ctx.userId,
    updatedAt: ctx.now(),
  });
  return toAlarmText(kind, language, row);
}

/** Deletes the tenant's text, so the shipped one applies again; 404 when none was saved. */
export async function restoreDefaultAlarmText(
  ctx: Pick<AlarmTextsContext, 'db' | 'tenantId'>,
  kind: AlarmKind,
  culture: string,
): Promise<AlarmText> {
  const language = await knownLanguage(ctx, culture);
  if (!(await repository.deleteAlarmText(ctx.db, ctx.tenantId, kind, language))) {
    throw new DomainError('not_found');
  }
  return toAlarmText(kind, language, undefined);
}

/**
 * A text rendered as a receiver would read it, for a sample alarm raised now; its link opens the
 * client the tenant's alarm links open.
 */
export async function previewAlarmText(
  ctx: Pick<AlarmTextsContext, 'db' | 'tenantId' | 'now'>,
  links: LinkBaseConfig,
  input: { language: string; subject: string; body: string },
): Promise<AlarmTextPreview> {
  const language = await knownLanguage(ctx, input.language);
  const linkBase = alarmLinkBaseFor(await repository.findTenantKind(ctx.db, ctx.tenantId), links);
  const values: AlarmTextValues = {
    citizen: SAMPLE.citizen,
    device: SAMPLE.device,
    time: formatAlarmTime(ctx.now(), language),
    address: SAMPLE.address,
    link: alarmLink(linkBase, SAMPLE.alarmId),
  };
  return {
    subject: renderAlarmText(input.subject, values),
    body: renderAlarmText(input.body, values),
    values,
  };
}
