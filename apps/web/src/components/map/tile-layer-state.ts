/** Spec §4 "Map loading": the states a map's tiles go through. */
export type MapLoadState = 'notLoaded' | 'loading' | 'loaded' | 'failed' | 'authFailure';

/**
 * Why a tile failed. An <img> does not reveal the HTTP status, so the failed tile's URL is fetched
 * once more: 401 or 403 means the tile server refused the configured key (spec §8: "Error:
 * AuthFailure"); anything else, or no answer at all, is a load failure.
 */
export async function classifyTileFailure(
  tileUrl: string,
  fetchTile: typeof fetch = fetch,
): Promise<'failed' | 'authFailure'> {
  try {
    const response = await fetchTile(tileUrl, { mode: 'cors', cache: 'no-store' });
    return response.status === 401 || response.status === 403 ? 'authFailure' : 'failed';
  } catch {
    return 'failed';
  }
}
