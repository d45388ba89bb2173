import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInNavIcon } from './nav-icon';

afterEach(cleanup);

describe('signedInNavIcon', () => {
  it('holds the place until the icons arrive, then shows the icon; later ones render at once', async () => {
    const Dashboard = signedInNavIcon('DashboardIcon');
    const { container } = render(<Dashboard />);
    // MUI icons carry their name as a test id.
    expect(screen.queryByTestId('DashboardIcon')).toBeNull();
    expect(container.querySelector('span[aria-hidden="true"]')).not.toBeNull();
    expect(await screen.findByTestId('DashboardIcon')).toBeTruthy();

    const Wifi = signedInNavIcon('WifiIcon');
    render(<Wifi />);
    expect(screen.getByTestId('WifiIcon')).toBeTruthy();
  });
});
