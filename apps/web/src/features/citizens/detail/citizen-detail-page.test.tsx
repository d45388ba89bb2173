import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../../components/crud/crud-test-harness';
import { openAlarm } from '../../alarms/alarm-test-data';
import { CitizenDetailPage } from './citizen-detail-page';
import { CITIZEN_ID, testCitizen, testRoute } from './citizen-page-test-data';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FOLLOWER = ['Homeward.Citizens', 'Homeward.Alarms', 'Homeward.Alarms.Acknowledge'];
const EDITOR = [...FOLLOWER, 'Homeward.Citizens.Edit', 'Homeward.Citizens.ManageAlarmReceivers'];

function stubCitizenApi({ alarms = [openAlarm] } = {}) {
  return stubApi((call) => {
    if (call.path === `/api/citizens/${CITIZEN_ID}`) return Response.json(testCitizen());
    if (call.path.startsWith(`/api/citizens/${CITIZEN_ID}/route`)) return Response.json(testRoute);
    if (call.path.startsWith('/api/alarms')) {
      const items = call.path.includes('state=open') ? alarms : [];
      return Response.json({ items, totalCount: items.length });
    }
    return undefined;
  });
}

const renderPage = (permissions: string[], path = `/citizens/${CITIZEN_ID}`) =>
  renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/citizens/:id" element={<CitizenDetailPage />} />
      </Routes>
    </MemoryRouter>,
    { permissions },
  );

describe('CitizenDetailPage', { timeout: 20_000 }, () => {
  it('leads a caregiver with the person: status, battery, last seen, position age, alarms, route, receivers; no form', async () => {
    const calls = stubCitizenApi();
    await renderPage(FOLLOWER);
    expect(await screen.findByRole('heading', { level: 1, name: /Inge Jensen/ })).toBeTruthy();
    expect(screen.getByText('010345-XXXX')).toBeTruthy();
    // The open SOS alarm makes the status "Alarm", ahead of the watch being online.
    const status = await screen.findByTestId('citizen-status');
    await vi.waitFor(() => expect(status.getAttribute('data-status')).toBe('alarm'));
    expect(within(status).getByText('Alarm')).toBeTruthy();
    expect(screen.getByText('Battery 64 %')).toBeTruthy();
    expect(screen.getByTestId('citizen-last-seen').textContent).toBe('Last seen 3 min. ago');
    expect(screen.getByTestId('citizen-map-age').textContent).toBe('Position from 3 min. ago');
    expect(await screen.findByText('SOS — Open')).toBeTruthy();
    // The receivers, read-only, with a number to call.
    const call = screen.getByRole('link', { name: 'Call Karen Holm on +45 20 30 40 50' });
    expect(call.getAttribute('href')).toBe('tel:+4520304050');
    // The day's route for the browser's local day.
    expect(await screen.findByText('Stops (1)')).toBeTruthy();
    expect(calls.some((entry) => /\/route\?date=\d{4}-\d{2}-\d{2}&timeZone=/.test(entry.path))).toBe(true);
    // A follower never sees the Edit action nor any of the citizen's forms.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Name|CPR/ })).toBeNull();
    expect(screen.queryByTestId('citizen-edit-view')).toBeNull();
  });

  it('ignores a link to the Edit view for a caller who may change nothing', async () => {
    stubCitizenApi();
    await renderPage(FOLLOWER, `/citizens/${CITIZEN_ID}?view=edit`);
    expect(await screen.findByTestId('citizen-map-section')).toBeTruthy();
    expect(screen.queryByTestId('citizen-edit-view')).toBeNull();
  });

  it('opens the Edit view with the forms for a caller with edit rights, and goes back to the overview', async () => {
    stubCitizenApi({ alarms: [] });
    await renderPage(EDITOR);
    const status = await screen.findByTestId('citizen-status');
    await vi.waitFor(() => expect(status.getAttribute('data-status')).toBe('online'));
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByTestId('citizen-edit-view')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toBeTruthy();
    expect(screen.queryByTestId('citizen-map-section')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Overview' }));
    expect(await screen.findByTestId('citizen-map-section')).toBeTruthy();
    expect(screen.queryByTestId('citizen-edit-view')).toBeNull();
  });
});
