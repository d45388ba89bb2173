import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Citizen, CitizenAlarmReceiver } from '@homeward/contracts';
import { renderWithApp, stubApi } from '../../../components/crud/crud-test-harness';
import { AlarmReceiversSection } from './alarm-receivers-section';
import { CITIZEN_ID, testCitizen } from './citizen-page-test-data';

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
    channels: kind === 'user' ? ['push', 'sms'] : ['sms', 'email'],
  }) satisfies CitizenAlarmReceiver;

const citizen: Citizen = {
  ...testCitizen(),
  alarmReceivers: [
    // Out of order on purpose: the list follows `position`.
    receiver(2, 'contactPerson', PERSON_ID, 'Søren Jensen'),
    receiver(1, 'user', USER_ID, 'Mette Nurse'),
  ],
};

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
    expect(put.path).toBe(`/api/citizens/${CITIZEN_ID}/alarm-receivers`);
    expect(put.body).toEqual({
      receivers: [
        { kind: 'contactPerson', contactPersonId: PERSON_ID, channels: ['sms', 'email'] },
        // A new receiver gets every channel it has an address for: this one has a phone only.
        { kind: 'contactPerson', contactPersonId: NEW_PERSON_ID, channels: ['sms'] },
        { kind: 'user', userId: USER_ID, channels: ['push', 'sms'] },
      ],
    });
  });

  it('chooses each receiver’s channels: push only for users, never none', async () => {
    const calls = stubApi((call) => (call.method === 'PUT' ? Response.json(citizen) : undefined));
    await renderWithApp(<AlarmReceiversSection citizen={citizen} canManage />, {
      permissions: ['Homeward.Citizens.ManageAlarmReceivers'],
    });
    const box = (position: number, channel: string) =>
      screen.getByTestId(`alarm-receiver-${position}-${channel}`) as HTMLInputElement;
    // 1: the user (push, SMS); 2: the contact person, who cannot get push.
    expect([box(1, 'push').checked, box(1, 'sms').checked, box(1, 'email').checked]).toEqual([
      true,
      true,
      false,
    ]);
    expect(box(2, 'push').disabled).toBe(true);
    expect(screen.getByRole('group', { name: 'Alarm channels of Mette Nurse' })).toBeTruthy();

    fireEvent.click(box(1, 'sms'));
    // Push is the last one left: it cannot be unchecked.
    expect(box(1, 'push').disabled).toBe(true);
    fireEvent.click(box(1, 'email'));
    fireEvent.click(screen.getByTestId('alarm-receivers-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      receivers: [
        { kind: 'user', userId: USER_ID, channels: ['push', 'email'] },
        { kind: 'contactPerson', contactPersonId: PERSON_ID, channels: ['sms', 'email'] },
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
