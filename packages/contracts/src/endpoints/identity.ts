import {
  zAllClaimTypesResponse,
  zClaimType,
  zClaimTypeListResponse,
  zCreateClaimTypeRequest,
} from '../claim-types';
import { zCreateNationalIdUserRequest, zNationalIdentityBinding } from '../national-login';
import {
  zAddOrganizationUnitMembersRequest,
  zAddOrganizationUnitRolesRequest,
  zCreateOrganizationUnitRequest,
  zMoveOrganizationUnitRequest,
  zOrganizationUnit,
  zOrganizationUnitMembersResponse,
  zOrganizationUnitRolesResponse,
  zOrganizationUnitTreeResponse,
  zUpdateOrganizationUnitRequest,
} from '../organization-units';
import {
  zAllRolesResponse,
  zCreateRoleRequest,
  zPermissionGrantsQuery,
  zPermissionGrantsResponse,
  zRole,
  zRoleClaimsResponse,
  zRoleListResponse,
  zUpdatePermissionGrantsRequest,
  zUpdateRoleClaimsRequest,
} from '../roles';
import {
  zMySecurityLogListRequest,
  zSecurityLogListRequest,
  zSecurityLogListResponse,
} from '../security-logs';
import {
  zAssignableRolesResponse,
  zCreateUserRequest,
  zIdentityUser,
  zLockUserRequest,
  zPagedRequest,
  zSetUserPasswordRequest,
  zUpdateUserRequest,
  zUserListResponse,
  zUserOrganizationUnitsResponse,
  zUserRolesResponse,
} from '../users';
import { BLOB, endpoint, endpointGroup, zNoContent } from './endpoint';

/** Identity management: users, roles, claim types, permission grants, units, security logs. */

const USERS = '/api/identity/users';
const ROLES = '/api/identity/roles';
const CLAIM_TYPES = '/api/identity/claim-types';
const UNITS = '/api/identity/organization-units';
const PERMISSIONS = '/api/permission-management/permissions';

export const userEndpoints = endpointGroup('users', {
  list: endpoint('GET', USERS, { query: zPagedRequest, response: zUserListResponse }),
  export: endpoint('GET', `${USERS}/export`, { query: zPagedRequest, response: BLOB }),
  assignableRoles: endpoint('GET', `${USERS}/assignable-roles`, { response: zAssignableRolesResponse }),
  create: endpoint('POST', USERS, { body: zCreateUserRequest, response: zIdentityUser }),
  update: endpoint('PUT', `${USERS}/:id`, { body: zUpdateUserRequest, response: zIdentityUser }),
  delete: endpoint('DELETE', `${USERS}/:id`, { response: zNoContent }),
  lock: endpoint('PUT', `${USERS}/:id/lock`, { body: zLockUserRequest, response: zIdentityUser }),
  unlock: endpoint('PUT', `${USERS}/:id/unlock`, { response: zIdentityUser }),
  setPassword: endpoint('PUT', `${USERS}/:id/password`, {
    body: zSetUserPasswordRequest,
    response: zNoContent,
  }),
  roles: endpoint('GET', `${USERS}/:id/roles`, { response: zUserRolesResponse }),
  organizationUnits: endpoint('GET', `${USERS}/:id/organization-units`, {
    response: zUserOrganizationUnitsResponse,
  }),
  createNationalIdUser: endpoint('POST', `${USERS}/national-id`, {
    body: zCreateNationalIdUserRequest,
    response: zIdentityUser,
  }),
  nationalIdentity: endpoint('GET', `${USERS}/:id/national-id`, { response: zNationalIdentityBinding }),
});

export const roleEndpoints = endpointGroup('roles', {
  list: endpoint('GET', ROLES, { query: zPagedRequest, response: zRoleListResponse }),
  all: endpoint('GET', `${ROLES}/all`, { response: zAllRolesResponse }),
  create: endpoint('POST', ROLES, { body: zCreateRoleRequest, response: zRole }),
  update: endpoint('PUT', `${ROLES}/:id`, { body: zCreateRoleRequest, response: zRole }),
  delete: endpoint('DELETE', `${ROLES}/:id`, { response: zNoContent }),
  claims: endpoint('GET', `${ROLES}/:id/claims`, { response: zRoleClaimsResponse }),
  updateClaims: endpoint('PUT', `${ROLES}/:id/claims`, {
    body: zUpdateRoleClaimsRequest,
    response: zRoleClaimsResponse,
  }),
});

export const permissionGrantEndpoints = endpointGroup('permissionGrants', {
  get: endpoint('GET', PERMISSIONS, { query: zPermissionGrantsQuery, response: zPermissionGrantsResponse }),
  update: endpoint('PUT', PERMISSIONS, {
    query: zPermissionGrantsQuery,
    body: zUpdatePermissionGrantsRequest,
    response: zNoContent,
  }),
});

export const claimTypeEndpoints = endpointGroup('claimTypes', {
  list: endpoint('GET', CLAIM_TYPES, { query: zPagedRequest, response: zClaimTypeListResponse }),
  all: endpoint('GET', `${CLAIM_TYPES}/all`, { response: zAllClaimTypesResponse }),
  create: endpoint('POST', CLAIM_TYPES, { body: zCreateClaimTypeRequest, response: zClaimType }),
  update: endpoint('PUT', `${CLAIM_TYPES}/:id`, { body: zCreateClaimTypeRequest, response: zClaimType }),
  delete: endpoint('DELETE', `${CLAIM_TYPES}/:id`, { response: zNoContent }),
});

export const organizationUnitEndpoints = endpointGroup('organizationUnits', {
  tree: endpoint('GET', UNITS, { response: zOrganizationUnitTreeResponse }),
  create: endpoint('POST', UNITS, { body: zCreateOrganizationUnitRequest, response: zOrganizationUnit }),
  update: endpoint('PUT', `${UNITS}/:id`, {
    body: zUpdateOrganizationUnitRequest,
    response: zOrganizationUnit,
  }),
  move: endpoint('PUT', `${UNITS}/:id/move`, {
    body: zMoveOrganizationUnitRequest,
    response: zOrganizationUnit,
  }),
  delete: endpoint('DELETE', `${UNITS}/:id`, { response: zNoContent }),
  members: endpoint('GET', `${UNITS}/:id/members`, {
    query: zPagedRequest,
    response: zOrganizationUnitMembersResponse,
  }),
  addMembers: endpoint('POST', `${UNITS}/:id/members`, {
    body: zAddOrganizationUnitMembersRequest,
    response: zNoContent,
  }),
  removeMember: endpoint('DELETE', `${UNITS}/:id/members/:userId`, { response: zNoContent }),
  roles: endpoint('GET', `${UNITS}/:id/roles`, {
    query: zPagedRequest,
    response: zOrganizationUnitRolesResponse,
  }),
  addRoles: endpoint('POST', `${UNITS}/:id/roles`, {
    body: zAddOrganizationUnitRolesRequest,
    response: zNoContent,
  }),
  removeRole: endpoint('DELETE', `${UNITS}/:id/roles/:roleId`, { response: zNoContent }),
});

export const securityLogEndpoints = endpointGroup('securityLogs', {
  list: endpoint('GET', '/api/identity/security-logs', {
    query: zSecurityLogListRequest,
    response: zSecurityLogListResponse,
  }),
  export: endpoint('GET', '/api/identity/security-logs/export', {
    query: zSecurityLogListRequest,
    response: BLOB,
  }),
  mine: endpoint('GET', '/api/account/my-security-logs', {
    query: zMySecurityLogListRequest,
    response: zSecurityLogListResponse,
  }),
});
