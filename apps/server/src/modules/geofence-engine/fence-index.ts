import { METERS_PER_DEGREE, nearBoundingBox, type FenceShape } from './geometry';

/**
 * Which fences a position can be near: the spatial pre-filter before the exact tests.
 *
 * Below `GRID_THRESHOLD` fences (every citizen in practice: a home, a day centre) a linear scan of
 * the bounding boxes is fastest: a few comparisons each, no index to build. From the threshold on
 * (a tenant-wide scan, the benchmark's 10,000 fences) a uniform grid is used: each fence is listed
 * in every cell its box overlaps, and a query reads only the cells around the point. A grid rather
 * than an R-tree because fences are similar in size (homes, blocks, centres): the cell side is the
 * median box side, so a typical fence sits in about four cells and a cell holds a handful of fences.
 * Fences covering more than `MAX_CELLS_PER_FENCE` cells (a whole municipality) skip the grid and are
 * always candidates, so one huge fence cannot bloat the grid.
 */
export const GRID_THRESHOLD = 64;
const MAX_CELLS_PER_FENCE = 64;
/** Cell sides never go below this (about 100 m), however tiny the fences. */
const MIN_CELL_DEGREES = 0.001;

export interface FenceIndex<T extends FenceShape> {
  /** Calls `visit` for every fence whose box is within `marginMeters` of the point (each once). */
  forEachNear(lat: number, lon: number, marginMeters: number, visit: (fence: T) => void): void;
}

/** The pre-filter for a set of fences: a scan below the threshold, a grid from it on (or when forced). */
export function indexFences<T extends FenceShape>(
  fences: readonly T[],
  mode: 'auto' | 'scan' | 'grid' = 'auto',
): FenceIndex<T> {
  const grid = mode === 'grid' || (mode === 'auto' && fences.length >= GRID_THRESHOLD);
  return grid ? new GridIndex(fences) : new ScanIndex(fences);
}

class ScanIndex<T extends FenceShape> implements FenceIndex<T> {
  constructor(private readonly fences: readonly T[]) {}

  forEachNear(lat: number, lon: number, marginMeters: number, visit: (fence: T) => void) {
    for (const fence of this.fences) if (nearBoundingBox(fence, lat, lon, marginMeters)) visit(fence);
  }
}

class GridIndex<T extends FenceShape> implements FenceIndex<T> {
  private readonly cellDegrees: number;
  private readonly cells = new Map<number, number[]>();
  private readonly oversized: number[] = [];
  /** The query stamp each fence was last visited in, so a fence in several cells is visited once. */
  private readonly visitedIn: Uint32Array;
  private query = 0;

  constructor(private readonly fences: readonly T[]) {
    this.visitedIn = new Uint32Array(fences.length);
    const sides = fences.map((fence) => Math.max(fence.maxLat - fence.minLat, fence.maxLon - fence.minLon));
    sides.sort((a, b) => a - b);
    this.cellDegrees = Math.max(MIN_CELL_DEGREES, sides[sides.length >> 1] ?? MIN_CELL_DEGREES);
    fences.forEach((fence, position) => {
      const [row0, col0] = this.cellOf(fence.minLat, fence.minLon);
      const [row1, col1] = this.cellOf(fence.maxLat, fence.maxLon);
      if ((row1 - row0 + 1) * (col1 - col0 + 1) > MAX_CELLS_PER_FENCE) {
        this.oversized.push(position);
        return;
      }
      for (let row = row0; row <= row1; row += 1) {
        for (let col = col0; col <= col1; col += 1) {
          const key = cellKey(row, col);
          const cell = this.cells.get(key);
          if (cell) cell.push(position);
          else this.cells.set(key, [position]);
        }
      }
    });
  }

  forEachNear(lat: number, lon: number, marginMeters: number, visit: (fence: T) => void) {
    this.query = (this.query + 1) >>> 0 || 1;
    const marginLat = (marginMeters * 1.01 + 1) / METERS_PER_DEGREE;
    const cos = Math.cos((lat * Math.PI) / 180);
    const marginLon = cos > 1e-9 ? marginLat / cos : 360;
    const [row0, col0] = this.cellOf(lat - marginLat, lon - marginLon);
    const [row1, col1] = this.cellOf(lat + marginLat, lon + marginLon);
    const check = (position: number) => {
      if (this.visitedIn[position] === this.query) return;
      this.visitedIn[position] = this.query;
      const fence = this.fences[position]!;
      if (nearBoundingBox(fence, lat, lon, marginMeters)) visit(fence);
    };
    // A margin wider than the grid is useful for (a very poor fix) falls back to every fence.
    if ((row1 - row0 + 1) * (col1 - col0 + 1) > MAX_CELLS_PER_FENCE * 4) {
      for (let position = 0; position < this.fences.length; position += 1) check(position);
      return;
    }
    for (let row = row0; row <= row1; row += 1) {
      for (let col = col0; col <= col1; col += 1) {
        const cell = this.cells.get(cellKey(row, col));
        if (cell) for (const position of cell) check(position);
      }
    }
    for (const position of this.oversized) check(position);
  }

  private cellOf(lat: number, lon: number): [number, number] {
    return [Math.floor((lat + 90) / this.cellDegrees), Math.floor((lon + 180) / this.cellDegrees)];
  }
}

/** One number per cell: rows and columns stay below 2^20 with cells of at least 0.001°. */
const cellKey = (row: number, col: number) => row * 1_048_576 + col;
