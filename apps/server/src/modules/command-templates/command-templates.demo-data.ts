import type { CommandTemplateVariable } from '@homeward/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { products } from '../products/products.schema';
import { commandTemplates } from './command-templates.schema';

/** The demo watch family the watch commands are for (seeded by the customers' demo data). */
const DEMO_WATCH_PRODUCT = 'Homeward Watch 4G';

interface DemoTemplate {
  name: string;
  description: string;
  commandText: string;
  variables: CommandTemplateVariable[];
  isTextMessage?: boolean;
  /** For the demo watch family only; otherwise for any product. */
  forWatch?: boolean;
}

/**
 * Demo Kommune's command templates: the everyday commands of the 3G/4G watch protocol
 * (`[3G*<id>*<len>*<command>]` on the live channel) and one SMS command for a watch that is offline.
 */
export const DEMO_COMMAND_TEMPLATES: DemoTemplate[] = [
  {
    name: 'Request position',
    description: 'The watch reports its position at once.',
    commandText: 'CR',
    variables: [],
  },
  {
    name: 'Reporting interval',
    description: 'How often the watch reports, in seconds.',
    commandText: 'UPLOAD,%{seconds}',
    variables: [{ name: 'seconds', inputType: 'number', example: '300' }],
    forWatch: true,
  },
  {
    name: 'SOS numbers',
    description: 'The three numbers the SOS button calls, in order.',
    commandText: 'SOS,%{phone1},%{phone2},%{phone3}',
    variables: [
      { name: 'phone1', inputType: 'phone', example: '+4520123456' },
      { name: 'phone2', inputType: 'phone', example: '+4520654321' },
      { name: 'phone3', inputType: 'phone', example: '+4570101010' },
    ],
    forWatch: true,
  },
  {
    name: 'Center number',
    description: 'The number allowed to configure the watch by SMS.',
    commandText: 'CENTER,%{phone}',
    variables: [{ name: 'phone', inputType: 'phone', example: '+4570101010' }],
    forWatch: true,
  },
  {
    name: 'Find watch',
    description: 'The watch rings for a minute so it can be found.',
    commandText: 'FIND',
    variables: [],
  },
  {
    name: 'Fall detection on',
    description: 'Turns fall detection on (1) or off (0).',
    commandText: 'FALLDOWN,%{enabled}',
    variables: [{ name: 'enabled', inputType: 'number', example: '1' }],
    forWatch: true,
  },
  {
    name: 'Reset password',
    description: 'By SMS to the watch’s SIM card: sets a new SMS password (the factory one is 123456).',
    commandText: 'pw,123456,%{newPassword}#',
    variables: [{ name: 'newPassword', inputType: 'text', example: '654321' }],
    isTextMessage: true,
    forWatch: true,
  },
];

export async function seedDemoCommandTemplates(db: Database, tenantId: string): Promise<void> {
  const [watch] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.name, DEMO_WATCH_PRODUCT)));
  await db.insert(commandTemplates).values(
    DEMO_COMMAND_TEMPLATES.map(({ forWatch, isTextMessage, ...template }) => ({
      ...template,
      tenantId,
      isTextMessage: isTextMessage ?? false,
      productId: forWatch ? (watch?.id ?? null) : null,
    })),
  );
}
