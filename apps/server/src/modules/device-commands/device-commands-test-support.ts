import { randomBytes } from 'node:crypto';
import type { CommandTemplateVariable } from '@homeward/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { commandTemplates } from '../command-templates/command-templates.schema';
import { deviceCommands } from './device-commands.schema';

/** A command template of the tenant, straight into the table (the template screens are elsewhere). */
export async function givenCommandTemplate(
  db: Database,
  tenantId: string | null,
  values: {
    commandText: string;
    variables?: CommandTemplateVariable[];
    isTextMessage?: boolean;
    productId?: string | null;
  },
) {
  const [row] = await db
    .insert(commandTemplates)
    .values({
      tenantId,
      name: `Template ${randomBytes(3).toString('hex')}`,
      commandText: values.commandText,
      variables: values.variables ?? [],
      isTextMessage: values.isTextMessage ?? false,
      productId: values.productId ?? null,
    })
    .returning();
  return row!;
}

export async function commandRow(db: Database, id: string) {
  const [row] = await db.select().from(deviceCommands).where(eq(deviceCommands.id, id));
  return row!;
}
