import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Citizen, CitizenAlarmReceiver } from '@homeward/contracts';
import { renderWithApp, stubApi } from '../../../components/crud/crud-test-harness';
import { AlarmReceiversSection } from './alarm-receivers-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const USER_ID = '40000000-0000-4000-8000-000000000001';
const PERSON_ID = '50000000-0000-4000-8000-000000000001';
const NEW_PERSON_ID = '50000000-0000-4000-8000-000000000002';

const receiver = (position: number, kind: 'user' | 'contactPerson', id: string, name: string) =>
  ({
    id: `r${position}`,
    position,
    kind,
    userId: kind === 'user' ? id : null,
    contactPersonId: kind === 'contactPerson' ? id : null,
    name,
    phone: '+4512345678',
    email: `${name.split(' ')[0]!.toLowerCase()}@example.dk`,
  }) satisfies CitizenAlarmReceiver;

const citizen = {
  id: 'c1',
  alarmReceivers: [
    // Out of order on purpose: the list follows `position`.
    receiver(2, 'contactPerson', PERSON_ID, 'Søren Jensen'),
    receiver(1, 'user', USER_ID, 'Mette Nurse'),
  ],
} as unknown as Citizen;

const order = () => screen.getAllByTestId(/^alarm-receiver-\d+$/).map((row) => row.getAttribute('data-name'));

describe('AlarmReceiversSection', { timeout: 20_000 }, () => {
  it('shows the escalation order, reorders with the arrows, adds a candidate and saves the order', async () => {
    const calls = stubApi((call) => {
      if (call.path.startsWith('/api/citizens/alarm-receiver-candidates')) {
        return Response.json({
          items: [
            {
              kind: 'contactPerson',
              id: NEW_PERSON_ID,
              name: 'Lone Hansen',
              email: '',
              phone: '+4587654321',
              customerName: 'Aarhus',
            },
          ],
        });
      }
      if (call.method === 'PUT') return Response.json(citizen);
      return undefined;
    });
    await renderWithApp(<AlarmReceiversSection citizen={citizen} canManage />, {
      permissions: ['Homeward.Citizens.ManageAlarmReceivers'],
    });
    expect(order()).toEqual(['Mette Nurse', 'Søren Jensen']);
    expect((screen.getByTestId('alarm-receivers-save') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('alarm-receiver-down-1'));
    expect(order()).toEqual(['Søren Jensen', 'Mette Nurse']);

    fireEvent.mouseDown(screen.getByTestId('alarm-receiver-add'));
    fireEvent.click(await screen.findByText('Lone Hansen'));
    expect(order()).toEqual(['Søren Jensen', 'Mette Nurse', 'Lone Hansen']);
    fireEvent.click(screen.getByTestId('alarm-receiver-up-3'));
    expect(order()).toEqual(['Søren Jensen', 'Lone Hansen', 'Mette Nurse']);

    fireEvent.click(screen.getByTestId('alarm-receivers-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.path).toBe('/api/citizens/c1/alarm-receivers');
    expect(put.body).toEqual({
      receivers: [
        { kind: 'contactPerson', contactPersonId: PERSON_ID },
        { kind: 'contactPerson', contactPersonId: NEW_PERSON_ID },
        { kind: 'user', userId: USER_ID },
      ],
    });
  });

  it('removes a receiver and shows the empty state', async () => {
    stubApi(() => undefined);
    await renderWithApp(
      <AlarmReceiversSection
        citizen={{ ...citizen, alarmReceivers: [citizen.alarmReceivers[0]!] }}
        canManage
      />,
    );
    fireEvent.click(screen.getByTestId('alarm-receiver-remove-1'));
    expect(screen.getByTestId('alarm-receivers-empty')).toBeTruthy();
  });
});
