import Supercluster from 'supercluster';
import type { LiveMapCitizen } from '@homeward/contracts';
import {
  isLocated,
  LIVE_MAP_STATUSES,
  liveMapStatusOf,
  statusRank,
  type LiveMapStatus,
} from './live-map-status';

/** Above this many located citizens the map clusters them; below, it draws every one. */
export const CLUSTER_THRESHOLD = 300;
/** From this zoom on every citizen is drawn alone (a street, where one can tell houses apart). */
export const CLUSTER_MAX_ZOOM = 15;

interface PointProperties {
  citizenId: string;
  rank: number;
}
interface ClusterProperties {
  /** The rank of the most urgent status inside (`statusRank`). */
  rank: number;
}

export type ClusterIndex = Supercluster<PointProperties, ClusterProperties>;

/** What the map draws at a zoom: a citizen, or a bubble of several with their count and worst status. */
export type MapItem =
  | { kind: 'citizen'; citizenId: string; lat: number; lon: number }
  | { kind: 'cluster'; clusterId: number; lat: number; lon: number; count: number; status: LiveMapStatus };

/** A supercluster index of the located citizens; each cluster keeps its most urgent status. */
export function buildClusterIndex(citizens: Iterable<LiveMapCitizen>): ClusterIndex {
  const points: Supercluster.PointFeature<PointProperties>[] = [];
  for (const citizen of citizens) {
    if (!isLocated(citizen)) continue;
    points.push({
      type: 'Feature',
      properties: { citizenId: citizen.citizenId, rank: statusRank(liveMapStatusOf(citizen)) },
      geometry: { type: 'Point', coordinates: [citizen.longitude, citizen.latitude] },
    });
  }
  const index: ClusterIndex = new Supercluster<PointProperties, ClusterProperties>({
    radius: 60,
    maxZoom: CLUSTER_MAX_ZOOM,
    map: (properties) => ({ rank: properties.rank }),
    reduce: (accumulated, properties) => {
      accumulated.rank = Math.min(accumulated.rank, properties.rank);
    },
  });
  return index.load(points);
}

/** The citizens and clusters inside a box ([west, south, east, north]) at a zoom. */
export function itemsIn(index: ClusterIndex, box: [number, number, number, number], zoom: number): MapItem[] {
  return index.getClusters(box, Math.round(zoom)).map((feature): MapItem => {
    const [lon, lat] = feature.geometry.coordinates as [number, number];
    const properties = feature.properties;
    if ('cluster' in properties && properties.cluster) {
      return {
        kind: 'cluster',
        clusterId: properties.cluster_id,
        lat,
        lon,
        count: properties.point_count,
        status: LIVE_MAP_STATUSES[properties.rank] ?? 'offline',
      };
    }
    return { kind: 'citizen', citizenId: (properties as PointProperties).citizenId, lat, lon };
  });
}

/** The zoom at which a cluster falls apart (what clicking it zooms to). */
export function expansionZoom(index: ClusterIndex, clusterId: number): number {
  return index.getClusterExpansionZoom(clusterId);
}
