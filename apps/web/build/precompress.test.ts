import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressFolder } from './precompress';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'homeward-precompress-'));
  mkdirSync(path.join(folder, 'assets'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const SCRIPT = `export const greeting = ${JSON.stringify('hello homeward '.repeat(200))};\n`;

describe('precompressFolder', () => {
  it('writes a brotli and a gzip copy beside each text file, each decoding to the file', async () => {
    writeFileSync(path.join(folder, 'index.html'), '<!doctype html><title>Homeward</title>');
    writeFileSync(path.join(folder, 'assets', 'index-abc.js'), SCRIPT);
    writeFileSync(path.join(folder, 'assets', 'index-abc.css'), 'body{margin:0}'.repeat(50));
    await precompressFolder(folder);
    for (const file of ['index.html', 'assets/index-abc.js', 'assets/index-abc.css']) {
      const bytes = readFileSync(path.join(folder, file));
      expect(brotliDecompressSync(readFileSync(path.join(folder, `${file}.br`))).equals(bytes), file).toBe(
        true,
      );
      expect(gunzipSync(readFileSync(path.join(folder, `${file}.gz`))).equals(bytes), file).toBe(true);
    }
  });

  it('compresses at the highest settings: brotli smaller than gzip, both far below the file', async () => {
    writeFileSync(path.join(folder, 'assets', 'index-abc.js'), SCRIPT);
    await precompressFolder(folder);
    const size = (name: string) => readFileSync(path.join(folder, 'assets', name)).length;
    expect(size('index-abc.js.gz')).toBeLessThan(size('index-abc.js') / 10);
    expect(size('index-abc.js.br')).toBeLessThan(size('index-abc.js.gz'));
    // gzip's header marks the slowest, best level (XFL = 2).
    expect(readFileSync(path.join(folder, 'assets', 'index-abc.js.gz'))[8]).toBe(2);
  });

  it('leaves images and fonts alone and never compresses a copy again', async () => {
    writeFileSync(path.join(folder, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(path.join(folder, 'assets', 'font.woff2'), Buffer.from('wOF2'));
    writeFileSync(path.join(folder, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect((await precompressFolder(folder)).map((file) => path.relative(folder, file))).toEqual([
      'favicon.svg',
    ]);
    expect(await precompressFolder(folder)).toHaveLength(1);
    expect(existsSync(path.join(folder, 'logo.png.br'))).toBe(false);
    expect(existsSync(path.join(folder, 'favicon.svg.br.br'))).toBe(false);
  });
});
