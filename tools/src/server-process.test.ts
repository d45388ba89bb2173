import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, SERVER_NODE_FLAGS } from './server-process';

const scripts = (file: string) =>
  (JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8')) as { scripts: Record<string, string> })
    .scripts;

describe('the server node flags', () => {
  it('are the same for npm start, the dev server and every server tests and benches launch', () => {
    const started = [scripts('package.json')['start:server']!, scripts('apps/server/package.json').dev!];
    for (const command of started) {
      for (const flag of SERVER_NODE_FLAGS) expect(command.split(' ')).toContain(flag);
    }
  });
});
