import { describe, expect, it } from 'vitest';
import { classifyTileFailure } from './tile-layer-state';

const answering = (status: number) => (async () => new Response(null, { status })) as typeof fetch;

describe('classifyTileFailure', () => {
  it('reports a refused key (401 or 403) as the auth failure', async () => {
    expect(await classifyTileFailure('http://tiles/1/2/3.png', answering(401))).toBe('authFailure');
    expect(await classifyTileFailure('http://tiles/1/2/3.png', answering(403))).toBe('authFailure');
  });

  it('reports any other answer, or none, as a load failure', async () => {
    expect(await classifyTileFailure('http://tiles/1/2/3.png', answering(500))).toBe('failed');
    expect(await classifyTileFailure('http://tiles/1/2/3.png', answering(404))).toBe('failed');
    const unreachable = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await classifyTileFailure('http://tiles/1/2/3.png', unreachable)).toBe('failed');
  });
});
