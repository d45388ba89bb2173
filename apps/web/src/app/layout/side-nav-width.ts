/** Width of the side navigation, docked or in its drawer. */
export const SIDE_NAV_WIDTH = 280;
