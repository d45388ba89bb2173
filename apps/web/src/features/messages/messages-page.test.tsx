import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageForMe, RealtimeEvent, ScheduledMessage } from '@homeward/contracts';
import { emitRealtimeEvents } from '../../app/realtime/realtime-events';
import { renderWithApp, stubApi, type RecordedCall } from '../../components/crud/crud-test-harness';
import { MessageNotifications } from './message-notifications';
import { MessagesPage } from './messages-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const inboxItem = (n: number, values: Partial<MessageForMe> = {}): MessageForMe => ({
  id: id(n),
  subject: `Subject ${n}`,
  body: `Body of message ${n}`,
  senderName: 'Karen Nurse',
  deliveredAt: '2026-05-01T08:00:00.000Z',
  readAt: null,
  ...values,
});
const scheduled = (n: number, values: Partial<ScheduledMessage> = {}): ScheduledMessage => ({
  id: id(100 + n),
  subject: `Planned ${n}`,
  body: 'Text',
  sendAt: '2026-06-01T08:00:00.000Z',
  status: 'scheduled',
  userIds: [id(7)],
  organizationUnitIds: [],
  includeSubOrganizations: false,
  createdByUserId: id(8),
  createdByName: 'Admin',
  createdAt: '2026-05-01T08:00:00.000Z',
  deliveredAt: null,
  recipientCount: null,
  emailCount: null,
  ...values,
});

const READER = ['Homeward.Messages'];
const CREATOR = ['Homeward.Messages', 'Homeward.Messages.Create'];

function inbox(items: MessageForMe[]) {
  return (call: RecordedCall) =>
    call.method === 'GET' && call.path.startsWith('/api/messages/for-me')
      ? Response.json({
          items,
          totalCount: items.length,
          unreadCount: items.filter((item) => item.readAt === null).length,
        })
      : undefined;
}

describe('MessagesPage', { timeout: 20_000 }, () => {
  it('lists my messages, unread ones bold, and marks one read when opened', async () => {
    const calls = stubApi(
      inbox([inboxItem(1), inboxItem(2, { readAt: '2026-05-01T09:00:00.000Z' })]),
      (call) => (call.method === 'POST' ? new Response(null, { status: 204 }) : undefined),
    );
    await renderWithApp(<MessagesPage />, { permissions: READER });
    const unread = await screen.findByTestId(`message-${id(1)}`);
    expect(unread.getAttribute('data-unread')).toBe('true');
    expect(screen.getByTestId(`message-${id(2)}`).getAttribute('data-unread')).toBe('false');
    expect(screen.getByTestId('messages-unread-count').textContent).toBe('1 unread');
    // Only creators see the Scheduled tab.
    expect(screen.queryByTestId('messages-tab-scheduled')).toBeNull();

    fireEvent.click(unread);
    expect((await screen.findByTestId(`message-body-${id(1)}`)).textContent).toBe('Body of message 1');
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'POST' && call.path === `/api/messages/${id(1)}/read`),
      ).toBe(true),
    );
    // Opening a read one does not mark it again.
    fireEvent.click(screen.getByTestId(`message-${id(2)}`));
    await screen.findByTestId(`message-body-${id(2)}`);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('shows an empty state in Danish when nothing has arrived', async () => {
    stubApi(inbox([]));
    await renderWithApp(<MessagesPage />, { permissions: READER, language: 'da' });
    expect((await screen.findByTestId('empty-state')).textContent).toContain('Ingen beskeder endnu');
    expect(screen.getByTestId('screen-title').textContent).toBe('Beskeder');
  });

  it('lets a creator cancel a scheduled message', async () => {
    const calls = stubApi(
      inbox([]),
      (call) =>
        call.method === 'GET' && call.path.startsWith('/api/messages?')
          ? Response.json({
              items: [scheduled(1), scheduled(2, { status: 'delivered', recipientCount: 3, emailCount: 2 })],
              totalCount: 2,
            })
          : undefined,
      (call) =>
        call.method === 'POST' && call.path.endsWith('/cancel')
          ? Response.json(scheduled(1, { status: 'cancelled' }))
          : undefined,
    );
    await renderWithApp(<MessagesPage />, { permissions: CREATOR });
    fireEvent.click(await screen.findByTestId('messages-tab-scheduled'));
    const grid = await screen.findByTestId('scheduled-messages-grid');
    expect(await within(grid).findByText('Planned 1')).toBeTruthy();
    expect(screen.getByTestId(`message-status-${id(102)}`).textContent).toBe('Sent');
    expect(within(grid).getByText('3 reached (2 e-mails)')).toBeTruthy();
    // A sent message cannot be cancelled.
    expect(screen.queryByTestId(`message-cancel-${id(102)}`)).toBeNull();

    fireEvent.click(screen.getByTestId(`message-cancel-${id(101)}`));
    fireEvent.click(await screen.findByTestId('message-cancel-confirm'));
    expect(await screen.findByText('Message cancelled')).toBeTruthy();
    expect(
      calls.some((call) => call.method === 'POST' && call.path === `/api/messages/${id(101)}/cancel`),
    ).toBe(true);
  });

  it('asks for a recipient and shows the server field errors in the new message dialog', async () => {
    const calls = stubApi(
      inbox([]),
      (call) =>
        call.method === 'GET' && call.path.startsWith('/api/messages?')
          ? Response.json({ items: [], totalCount: 0 })
          : undefined,
      (call) =>
        call.path.startsWith('/api/messages/user-lookup')
          ? Response.json({ items: [{ id: id(7), displayName: 'Inge Jensen' }], totalCount: 1 })
          : undefined,
      (call) =>
        call.method === 'POST' && call.path === '/api/messages'
          ? Response.json(
              {
                error: {
                  code: 'validation_failed',
                  message: 'Some fields are not valid',
                  validationErrors: [{ field: 'sendAt', message: 'messages:sendAtInPast' }],
                },
              },
              { status: 400 },
            )
          : undefined,
    );
    await renderWithApp(<MessagesPage />, { permissions: CREATOR });
    fireEvent.click(await screen.findByTestId('messages-tab-scheduled'));
    fireEvent.click(await screen.findByTestId('message-new'));
    fireEvent.change(await screen.findByTestId('crud-field-subject'), { target: { value: 'Fire drill' } });
    fireEvent.change(screen.getByTestId('crud-field-body'), { target: { value: 'At ten.' } });
    fireEvent.click(screen.getByTestId('crud-form-save'));
    expect(await screen.findByText('Choose at least one user or organization')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    // With a recipient chosen the form is sent; the server's refusal lands on the send time.
    const users = screen.getByTestId('message-users-input');
    fireEvent.mouseDown(users);
    fireEvent.click(await screen.findByText('Inge Jensen'));
    fireEvent.click(screen.getByTestId('crud-form-save'));
    expect(await screen.findByText('The send time must not be in the past')).toBeTruthy();
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.body).toMatchObject({ subject: 'Fire drill', body: 'At ten.', userIds: [id(7)] });
    expect((screen.getByTestId('message-send-at') as HTMLInputElement).value).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d$/,
    );
  });
});

describe('MessageNotifications', { timeout: 20_000 }, () => {
  it('toasts a pushed message and reloads the inbox', async () => {
    const calls = stubApi(inbox([]));
    const pushed: RealtimeEvent = {
      type: 'message',
      tenantId: null,
      userIds: [id(7)],
      organizationIds: [],
      messageId: id(1),
      text: 'Fire drill at ten',
      at: '2026-05-01T08:00:00.000Z',
    };
    await renderWithApp(
      <>
        <MessageNotifications />
        <MessagesPage />
      </>,
      { permissions: READER },
    );
    await screen.findByTestId('empty-state');
    const before = calls.filter((call) => call.path.startsWith('/api/messages/for-me')).length;
    act(() => emitRealtimeEvents([pushed]));
    expect(await screen.findByText('New message: Fire drill at ten')).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((call) => call.path.startsWith('/api/messages/for-me')).length).toBeGreaterThan(
        before,
      ),
    );
  });
});
