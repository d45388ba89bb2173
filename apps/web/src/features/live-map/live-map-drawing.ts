import type { LiveMapCitizen } from '@homeward/contracts';
import L from '../../components/map/leaflet';
import {
  buildClusterIndex,
  CLUSTER_THRESHOLD,
  expansionZoom,
  itemsIn,
  type ClusterIndex,
  type MapItem,
} from './live-map-clusters';
import { isLocated, LIVE_MAP_STATUS_COLORS, liveMapStatusOf, type LiveMapStatus } from './live-map-status';
import type { LiveMapChange, LiveMapStore } from './live-map-store';

/** While positions stream in, the cluster index is rebuilt at most this often. */
export const CLUSTER_REBUILD_MS = 1000;
/** The zoom a followed citizen is shown at (the map zooms in to it, never out). */
export const FOLLOW_ZOOM = 16;

/** How a citizen's marker looks: filled in its status colour, hollow and dashed without a fix. */
export function markerStyle(citizen: LiveMapCitizen, selected: boolean): L.CircleMarkerOptions {
  const color = LIVE_MAP_STATUS_COLORS[liveMapStatusOf(citizen)];
  const base = citizen.locationValid
    ? { color: '#ffffff', weight: 1.5, fillColor: color, fillOpacity: 1, dashArray: undefined }
    : { color, weight: 2.5, fillColor: '#ffffff', fillOpacity: 0.8, dashArray: '3 3' };
  return selected ? { ...base, radius: 11, weight: 4, color: '#000000' } : { ...base, radius: 7 };
}

/** A cluster bubble's size grows with the number it holds, within readable bounds. */
function clusterIcon(count: number, status: LiveMapStatus): L.DivIcon {
  const size = Math.round(Math.min(56, 28 + Math.log10(count) * 10));
  const background = LIVE_MAP_STATUS_COLORS[status];
  return L.divIcon({
    className: 'live-map-cluster',
    iconSize: [size, size],
    html: `<div style="width:${size}px;height:${size}px;border-radius:50%;background:${background};color:#fff;border:2px solid #fff;box-shadow:0 0 0 1px rgba(0,0,0,.35);display:flex;align-items:center;justify-content:center;font:700 13px/1 sans-serif">${count}</div>`,
  });
}

export interface DrawingCallbacks {
  onSelect(citizenId: string): void;
}

/**
 * Draws the store's citizens on a Leaflet map with one canvas renderer (circle markers, not 5,000
 * DOM elements). Up to `CLUSTER_THRESHOLD` located citizens each marker follows its citizen frame by
 * frame; above, a supercluster index (rebuilt at most every `CLUSTER_REBUILD_MS`) gives the bubbles
 * and lone citizens of the view, drawn again when the view moves.
 */
export class LiveMapDrawing {
  private readonly renderer = L.canvas({ padding: 0.3 });
  private readonly markers = new Map<string, L.CircleMarker>();
  private readonly group = L.layerGroup();
  private readonly clusterGroup = L.layerGroup();
  /** Cluster bubbles kept between redraws: moved and given a new icon only when their count or colour changed. */
  private readonly bubbles: { marker: L.Marker; item: Extract<MapItem, { kind: 'cluster' }> }[] = [];
  private index: ClusterIndex | null = null;
  private lastBuild = 0;
  private rebuildTimer: ReturnType<typeof setTimeout> | undefined;
  private fitted = false;
  /** A zoom animation is running: a pan now would be undone when it ends, so the end pans instead. */
  private zooming = false;
  private unsubscribe: () => void;
  selectedId: string | null = null;
  follow = false;

  constructor(
    private readonly map: L.Map,
    private readonly store: LiveMapStore,
    private readonly callbacks: DrawingCallbacks,
  ) {
    this.group.addTo(map);
    this.clusterGroup.addTo(map);
    map.on('moveend', this.onMoveEnd);
    map.on('zoomstart', this.onZoomStart);
    map.on('zoomend', this.onZoomEnd);
    this.unsubscribe = store.subscribe((change) => this.onChange(change));
    this.onChange({ citizenIds: null, alarmEvents: 0 });
  }

  remove(): void {
    this.unsubscribe();
    clearTimeout(this.rebuildTimer);
    this.map.off('moveend', this.onMoveEnd);
    this.map.off('zoomstart', this.onZoomStart);
    this.map.off('zoomend', this.onZoomEnd);
    this.group.remove();
    this.clusterGroup.remove();
  }

  get clustered(): boolean {
    return this.index !== null;
  }

  select(citizenId: string | null): void {
    const previous = this.selectedId;
    this.selectedId = citizenId;
    for (const id of [previous, citizenId]) if (id) this.restyle(id);
    // Chosen from the list, the citizen may be off screen: the map brings them into view.
    const citizen = citizenId ? this.store.get(citizenId) : undefined;
    if (
      citizen &&
      isLocated(citizen) &&
      !this.map.getBounds().contains([citizen.latitude, citizen.longitude])
    ) {
      this.map.panTo([citizen.latitude, citizen.longitude]);
    }
  }

  setFollow(follow: boolean): void {
    this.follow = follow;
    const citizen = this.selectedId ? this.store.get(this.selectedId) : undefined;
    if (follow && citizen && isLocated(citizen)) {
      this.map.setView([citizen.latitude, citizen.longitude], Math.max(this.map.getZoom(), FOLLOW_ZOOM));
    }
  }

  private readonly onMoveEnd = () => {
    if (this.index) this.drawClusters();
  };

  private readonly onZoomStart = () => {
    this.zooming = true;
  };

  /** The zoom (the user's, or Follow's own) is over: the followed citizen may have moved meanwhile. */
  private readonly onZoomEnd = () => {
    this.zooming = false;
    this.keepFollowedInView();
  };

  /** Centres the map on the followed citizen (without animation: updates come many times a minute). */
  private keepFollowedInView(): void {
    const followed = this.selectedId ? this.store.get(this.selectedId) : undefined;
    if (!this.follow || this.zooming || !followed || !isLocated(followed)) return;
    const centre = this.map.getCenter();
    if (centre.lat !== followed.latitude || centre.lng !== followed.longitude) {
      this.map.panTo([followed.latitude, followed.longitude], { animate: false });
    }
  }

  private onChange(change: LiveMapChange): void {
    this.map.getContainer().dataset.liveUpdates = String(this.store.applied);
    if (change.citizenIds === null) {
      this.redrawAll();
    } else if (this.index) {
      this.scheduleRebuild();
      // The citizen looked at moves at once, clustered or not.
      if (this.selectedId && change.citizenIds.has(this.selectedId)) this.restyle(this.selectedId);
    } else {
      for (const id of change.citizenIds) this.restyle(id);
    }
    if (this.selectedId && change.citizenIds?.has(this.selectedId) !== false) this.keepFollowedInView();
  }

  private redrawAll(): void {
    const located = [...this.store.all()].filter(isLocated);
    // Fitted to the first answer only: a later one (after an alarm) never moves the view under the user.
    if (!this.fitted && this.store.size > 0) {
      this.fitted = true;
      if (located.length > 0) {
        const bounds = L.latLngBounds(located.map((citizen) => [citizen.latitude, citizen.longitude]));
        this.map.fitBounds(bounds, { maxZoom: FOLLOW_ZOOM, padding: [24, 24] });
      }
    }
    if (located.length > CLUSTER_THRESHOLD) {
      this.rebuildIndex();
      return;
    }
    this.index = null;
    this.clusterGroup.clearLayers();
    this.bubbles.length = 0;
    const ids = new Set(located.map((citizen) => citizen.citizenId));
    for (const [id, marker] of this.markers) {
      if (!ids.has(id)) {
        this.group.removeLayer(marker);
        this.markers.delete(id);
      }
    }
    for (const id of ids) this.restyle(id);
  }

  private scheduleRebuild(): void {
    if (this.rebuildTimer !== undefined) return;
    const wait = Math.max(0, this.lastBuild + CLUSTER_REBUILD_MS - performance.now());
    this.rebuildTimer = setTimeout(() => {
      this.rebuildTimer = undefined;
      this.rebuildIndex();
    }, wait);
  }

  private rebuildIndex(): void {
    this.index = buildClusterIndex(this.store.all());
    this.lastBuild = performance.now();
    this.drawClusters();
  }

  /** The bubbles and lone citizens of the view (with a margin, so a small pan needs no redraw). */
  private drawClusters(): void {
    if (!this.index) return;
    const bounds = this.map.getBounds().pad(0.25);
    const box: [number, number, number, number] = [
      Math.max(-180, bounds.getWest()),
      Math.max(-85, bounds.getSouth()),
      Math.min(180, bounds.getEast()),
      Math.min(85, bounds.getNorth()),
    ];
    const items = itemsIn(this.index, box, this.map.getZoom());
    const shown = new Set<string>();
    let used = 0;
    for (const item of items) {
      if (item.kind === 'citizen') {
        shown.add(item.citizenId);
        this.restyle(item.citizenId);
      } else {
        this.placeBubble(used, item);
        used += 1;
      }
    }
    for (const bubble of this.bubbles.splice(used)) this.clusterGroup.removeLayer(bubble.marker);
    for (const [id, marker] of this.markers) {
      if (!shown.has(id) && id !== this.selectedId) {
        this.group.removeLayer(marker);
        this.markers.delete(id);
      }
    }
  }

  /**
   * The `slot`-th bubble of the view: an existing one is moved, and its icon (a DOM element) made
   * again only when its count or colour changed; the index lists clusters in a stable order, so
   * between rebuilds most bubbles only move a little.
   */
  private placeBubble(slot: number, item: Extract<MapItem, { kind: 'cluster' }>): void {
    const bubble = this.bubbles[slot];
    if (!bubble) {
      const marker = L.marker([item.lat, item.lon], {
        icon: clusterIcon(item.count, item.status),
        // The list beside the map is the keyboard's way in; 100 bubbles are not 100 tab stops.
        keyboard: false,
      });
      const created = { marker, item };
      marker.on('click', () => this.zoomInto(created.item));
      this.clusterGroup.addLayer(marker);
      this.bubbles.push(created);
      return;
    }
    if (bubble.item.count !== item.count || bubble.item.status !== item.status) {
      bubble.marker.setIcon(clusterIcon(item.count, item.status));
    }
    if (bubble.item.lat !== item.lat || bubble.item.lon !== item.lon)
      bubble.marker.setLatLng([item.lat, item.lon]);
    bubble.item = item;
  }

  private zoomInto(item: Extract<MapItem, { kind: 'cluster' }>): void {
    if (!this.index) return;
    const zoom = Math.min(expansionZoom(this.index, item.clusterId), this.map.getMaxZoom());
    this.map.setView([item.lat, item.lon], zoom);
  }

  /** Creates, moves or restyles one citizen's marker (removes it when the citizen has no position). */
  private restyle(citizenId: string): void {
    const citizen = this.store.get(citizenId);
    const marker = this.markers.get(citizenId);
    if (!citizen || !isLocated(citizen)) {
      if (marker) this.group.removeLayer(marker);
      this.markers.delete(citizenId);
      return;
    }
    const style = markerStyle(citizen, citizenId === this.selectedId);
    if (!marker) {
      const created = L.circleMarker([citizen.latitude, citizen.longitude], {
        ...style,
        renderer: this.renderer,
      });
      created.on('click', () => this.callbacks.onSelect(citizenId));
      created.addTo(this.group);
      this.markers.set(citizenId, created);
      return;
    }
    const at = marker.getLatLng();
    if (at.lat !== citizen.latitude || at.lng !== citizen.longitude) {
      marker.setLatLng([citizen.latitude, citizen.longitude]);
    }
    marker.setStyle(style);
    if (style.radius !== marker.getRadius()) marker.setRadius(style.radius!);
  }
}
