import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FastifyPluginAsync } from 'fastify';
import { FONT_WEIGHTS, fontFileName } from './account-layout';

const require = createRequire(import.meta.url);
const FONT_FILES = new Set<string>(FONT_WEIGHTS.map(fontFileName));

/**
 * Montserrat for the account pages, from the package the web app uses. Only the listed files are
 * served; if the package is missing, the pages fall back to the system font.
 */
export const accountAssetsRoutes: FastifyPluginAsync = async (app) => {
  const cache = new Map<string, Buffer>();

  async function fontFile(name: string): Promise<Buffer | undefined> {
    if (!FONT_FILES.has(name)) return undefined;
    const cached = cache.get(name);
    if (cached) return cached;
    try {
      const file = await readFile(require.resolve(`@fontsource/montserrat/files/${name}`));
      cache.set(name, file);
      return file;
    } catch {
      return undefined;
    }
  }

  app.get<{ Params: { file: string } }>('/account/assets/:file', async (request, reply) => {
    const file = await fontFile(request.params.file);
    if (!file) return reply.status(404).header('content-type', 'text/plain; charset=utf-8').send('Not found');
    return reply
      .header('content-type', 'font/woff2')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file);
  });
};
