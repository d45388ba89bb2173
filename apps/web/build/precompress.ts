import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Kinds of file worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE_FILE = /\.(html|js|mjs|css|json|map|svg|txt|xml|webmanifest)$/;

/** Files compressed at once: the build machine is shared, and brotli at quality 11 is CPU-heavy. */
const PARALLEL_FILES = 2;

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE_FILE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function writeCompressedCopies(file: string): Promise<void> {
  const bytes = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

/**
 * Writes a brotli (`.br`, maximum quality) and a gzip (`.gz`, best compression) copy beside every
 * compressible file under `folder`. The server sends them as they are to browsers that accept them
 * (@fastify/static `preCompressed`), so the best compression costs build time once, not CPU per
 * request. Returns the files it compressed.
 */
export async function precompressFolder(folder: string): Promise<string[]> {
  const files = await filesUnder(folder);
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift())
      await writeCompressedCopies(file);
  };
  await Promise.all(Array.from({ length: PARALLEL_FILES }, worker));
  return files;
}

/** Vite plugin: compresses the finished build (bundles, index.html and the public folder's files). */
export function precompressBuild(): Plugin {
  let outDir = '';
  return {
    name: 'homeward:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressFolder(outDir);
      },
    },
  };
}
