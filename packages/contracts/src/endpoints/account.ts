import { zAcceptTransferRequest, zAccountTransferState } from '../account-transfer';
import { zDeleteAccountRequest } from '../account-deletion';
import {
  zHouseholdMembersResponse,
  zInvitedByUserResponse,
  zInviteUserRequest,
  zInviteUserResponse,
  zReceivesAlarmsRequest,
} from '../household-members';
import {
  zCompleteRegistrationRequest,
  zCompleteRegistrationResponse,
  zInvitationInfo,
  zPendingRegistrationResponse,
  zRegistration,
  zResendEmailRequest,
} from '../identity';
import {
  zChangePasswordRequest,
  zConfirmEmailChangeRequest,
  zConfirmEmailChangeResponse,
  zMyProfile,
  zUpdateProfileRequest,
} from '../profile';
import {
  zCreatePushSubscriptionRequest,
  zDeletePushSubscriptionRequest,
  zPushPublicKey,
  zPushSubscription,
  zPushSubscriptions,
  zPushTestResult,
} from '../push';
import {
  zReportQuery,
  zReportSchedule,
  zReportScheduleListResponse,
  zSaveReportScheduleRequest,
} from '../reports';
import { BLOB, endpoint, endpointGroup, zNoContent } from './endpoint';

/** The signed-in user's own account, a household's members, Web Push, and reports. */

const ACCOUNT = '/api/account';
const PUSH = '/api/push';

export const registrationEndpoints = endpointGroup('registration', {
  register: endpoint('POST', `${ACCOUNT}/pending-registration`, {
    body: zRegistration(),
    response: zPendingRegistrationResponse,
  }),
  complete: endpoint('POST', `${ACCOUNT}/complete-registration`, {
    body: zCompleteRegistrationRequest,
    response: zCompleteRegistrationResponse,
  }),
  resendEmail: endpoint('POST', `${ACCOUNT}/resend-email`, {
    body: zResendEmailRequest,
    response: zNoContent,
  }),
  invitation: endpoint('GET', `${ACCOUNT}/invitations/:token`, { response: zInvitationInfo }),
});

export const accountEndpoints = endpointGroup('account', {
  profile: endpoint('GET', `${ACCOUNT}/my-profile`, { response: zMyProfile }),
  updateProfile: endpoint('PUT', `${ACCOUNT}/update-profile`, {
    body: zUpdateProfileRequest,
    response: zMyProfile,
  }),
  confirmEmailChange: endpoint('POST', `${ACCOUNT}/confirm-email-change`, {
    body: zConfirmEmailChangeRequest,
    response: zConfirmEmailChangeResponse,
  }),
  changePassword: endpoint('POST', `${ACCOUNT}/change-password`, {
    body: zChangePasswordRequest,
    response: zNoContent,
  }),
  uploadAvatar: endpoint('PUT', `${ACCOUNT}/avatar`, { body: BLOB, response: zMyProfile }),
  removeAvatar: endpoint('DELETE', `${ACCOUNT}/avatar`, { response: zMyProfile }),
  transfer: endpoint('GET', `${ACCOUNT}/transfer-user`, { response: zAccountTransferState }),
  requestTransfer: endpoint('POST', `${ACCOUNT}/transfer-user/:id`, { response: zNoContent }),
  acceptTransfer: endpoint('POST', `${ACCOUNT}/transfer-user/:fromUserId/:toUserId`, {
    body: zAcceptTransferRequest,
    response: zNoContent,
  }),
  cancelTransfer: endpoint('DELETE', `${ACCOUNT}/transfer-user`, { response: zNoContent }),
  delete: endpoint('POST', `${ACCOUNT}/delete-user`, { body: zDeleteAccountRequest, response: zNoContent }),
});

export const householdMemberEndpoints = endpointGroup('householdMembers', {
  list: endpoint('GET', `${ACCOUNT}/household-members`, { response: zHouseholdMembersResponse }),
  invite: endpoint('POST', `${ACCOUNT}/invite-user`, {
    body: zInviteUserRequest,
    response: zInviteUserResponse,
  }),
  resendInvitation: endpoint('POST', `${ACCOUNT}/invitations/:id/resend`, { response: zNoContent }),
  deleteInvited: endpoint('DELETE', `${ACCOUNT}/delete-invited-user/:id`, { response: zNoContent }),
  setReceivesAlarms: endpoint('PUT', `${ACCOUNT}/household-members/:id/receives-alarms`, {
    body: zReceivesAlarmsRequest,
    response: zNoContent,
  }),
  invitedBy: endpoint('GET', `${ACCOUNT}/invited-by-user`, { response: zInvitedByUserResponse }),
});

export const pushEndpoints = endpointGroup('push', {
  publicKey: endpoint('GET', `${PUSH}/public-key`, { response: zPushPublicKey }),
  subscriptions: endpoint('GET', `${PUSH}/subscriptions`, { response: zPushSubscriptions }),
  subscribe: endpoint('POST', `${PUSH}/subscriptions`, {
    body: zCreatePushSubscriptionRequest,
    response: zPushSubscription,
  }),
  unsubscribeEndpoint: endpoint('DELETE', `${PUSH}/subscriptions`, {
    body: zDeletePushSubscriptionRequest,
    response: zNoContent,
  }),
  unsubscribe: endpoint('DELETE', `${PUSH}/subscriptions/:id`, { response: zNoContent }),
  test: endpoint('POST', `${PUSH}/test`, { response: zPushTestResult }),
});

export const reportEndpoints = endpointGroup('reports', {
  /** `:file` is `<kind>.<format>`: `device-alarms.csv`. */
  download: endpoint('GET', '/api/reports/:file', { query: zReportQuery, response: BLOB }),
  schedules: endpoint('GET', '/api/reports/schedules', { response: zReportScheduleListResponse }),
  createSchedule: endpoint('POST', '/api/reports/schedules', {
    body: zSaveReportScheduleRequest,
    response: zReportSchedule,
  }),
  updateSchedule: endpoint('PUT', '/api/reports/schedules/:id', {
    body: zSaveReportScheduleRequest,
    response: zReportSchedule,
  }),
  deleteSchedule: endpoint('DELETE', '/api/reports/schedules/:id', { response: zNoContent }),
});
