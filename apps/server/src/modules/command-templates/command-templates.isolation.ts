import { randomBytes } from 'node:crypto';
import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';
import { createdId } from '../../test/tenant-isolation/isolation-cases';

/**
 * Command templates in the tenant-isolation suite. The search text is a unique command text, so
 * B's list and search must not even mention it; B's update keeps the text valid, so only the
 * tenant check can refuse it.
 */
export const commandTemplatesIsolationCase: IsolationCase = {
  name: 'command templates',
  tables: ['command_templates'],
  permissions: ['Homeward.CommandTemplates'],
  async seed({ a }) {
    const commandText = `ISOLATED${randomBytes(5).toString('hex').toUpperCase()},%{phone}`;
    const id = createdId(
      await a.request({
        method: 'POST',
        url: '/api/command-templates',
        payload: {
          name: `Isolated ${commandText}`,
          commandText,
          variables: [{ name: 'phone', inputType: 'phone', example: '+4512345678' }],
        },
      }),
    );
    return { id, searchText: commandText.split(',')[0]! };
  },
  list: '/api/command-templates?maxResultCount=100',
  read: (id) => `/api/command-templates/${id}`,
  update: (row) => ({
    method: 'PUT',
    url: `/api/command-templates/${row.id}`,
    payload: { name: 'Hijacked', commandText: 'FIND' },
  }),
  remove: (id) => ({ method: 'DELETE', url: `/api/command-templates/${id}` }),
  search: (text) => `/api/command-templates?filter=${encodeURIComponent(text)}`,
};
