import { z } from 'zod';
import { zListResult, zPagedRequest, zPagedResult } from './users';
import { zPassword, type PasswordPolicy } from './identity';

/** Contracts of the tenants feature (/api/tenants, host only). */

export const TENANT_SORT_FIELDS = ['name', 'kind', 'createdAt'] as const;

/**
 * What a tenant is (DESIGN §9): an organization (municipality, care provider) or a private
 * household of the plug-and-play product, one tenant per household.
 */
export const TENANT_KINDS = ['organization', 'household'] as const;
export const zTenantKind = z.enum(TENANT_KINDS);
export type TenantKind = z.infer<typeof zTenantKind>;

/** Translation keys (namespace `tenants`) of the rules the server enforces. */
export const TENANT_MESSAGE_KEYS = {
  nameTaken: 'tenants:nameTaken',
  cvrInvalid: 'tenants:cvrInvalid',
  nationalLoginNeedsCvr: 'tenants:nationalLoginNeedsCvr',
  adminEmailTaken: 'tenants:adminEmailTaken',
} as const;

/** A household's owner, as the host's support staff see it. */
export const zHouseholdOwner = z.object({ id: z.uuid(), name: z.string().nullable(), email: z.string() });
export type HouseholdOwner = z.infer<typeof zHouseholdOwner>;

export const zTenant = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: zTenantKind,
  cvr: z.string().nullable(),
  comment: z.string().nullable(),
  nationalLogin: z.boolean(),
  /** The household's owner; null for an organization (or a household whose owner was deleted). */
  owner: zHouseholdOwner.nullable(),
  /** The tenant's watches (devices). */
  watchCount: z.number().int(),
  createdAt: z.string(),
});
export type Tenant = z.infer<typeof zTenant>;

/**
 * GET /api/tenants: paged, sorted and searched on the server; `filter` matches the tenant's name
 * anywhere and the start of a household owner's e-mail or name; `kind` narrows to one kind.
 */
export const zTenantListRequest = zPagedRequest.extend({ kind: zTenantKind.optional() });
export type TenantListRequest = z.input<typeof zTenantListRequest>;
export const zTenantListResponse = zPagedResult(zTenant);
export type TenantListResponse = z.infer<typeof zTenantListResponse>;

/**
 * GET /api/tenants/lookup: every organization by name, for the host's tenant filter, plus the
 * tenant named by `include` whatever its kind (the household support chose on the tenants screen):
 * listing 100,000 households in a select would help nobody.
 */
export const zTenantLookupRequest = z.object({ include: z.uuid().optional() });
export const zTenantLookup = z.object({ id: z.uuid(), name: z.string(), kind: zTenantKind });
export type TenantLookup = z.infer<typeof zTenantLookup>;
export const zTenantLookupResponse = zListResult(zTenantLookup);

/** A Danish company number: exactly 8 digits. */
export const zCvr = z
  .string()
  .trim()
  .regex(/^\d{8}$/, TENANT_MESSAGE_KEYS.cvrInvalid);

const zTenantFields = z.object({
  name: z.string().trim().min(1).max(128),
  comment: z.string().trim().max(1024).optional().default(''),
  nationalLogin: z.boolean().optional().default(false),
  cvr: z.string().trim().optional().default(''),
});

/**
 * The CVR is required (and must be 8 digits) only when national login is on; otherwise it is
 * cleared, as the form hides it.
 */
function withCvrRule<T extends z.ZodType<{ nationalLogin: boolean; cvr: string }>>(schema: T) {
  return schema
    .superRefine((value, context) => {
      if (!value.nationalLogin) return;
      const result = zCvr.safeParse(value.cvr);
      if (!result.success) {
        context.addIssue({
          code: 'custom',
          path: ['cvr'],
          message: value.cvr ? TENANT_MESSAGE_KEYS.cvrInvalid : 'validation.required',
        });
      }
    })
    .transform((value) => ({ ...value, cvr: value.nationalLogin ? value.cvr : '' }));
}

/** PUT /api/tenants/:id. */
export const zUpdateTenantRequest = withCvrRule(zTenantFields);
export type UpdateTenantRequest = z.input<typeof zUpdateTenantRequest>;

/**
 * POST /api/tenants: the tenant and its first administrator (user name = the e-mail). The server
 * checks the password against the host's password policy; the form uses the default one.
 */
export function zCreateTenantRequest(policy?: PasswordPolicy) {
  return withCvrRule(
    zTenantFields.extend({
      adminEmail: z.email().max(256),
      adminPassword: zPassword(policy),
    }),
  );
}
export type CreateTenantRequest = z.input<ReturnType<typeof zCreateTenantRequest>>;
