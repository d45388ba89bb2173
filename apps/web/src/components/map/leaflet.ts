import L from 'leaflet';

/*
 * Leaflet for the map components. Leaflet-Geoman patches the global `L` when it loads, so the global
 * is set here, and every map file imports Leaflet from this module (imported before Geoman).
 */
(globalThis as unknown as { L: typeof L }).L = L;

export default L;
