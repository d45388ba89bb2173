import { z } from 'zod';
import { zListResult, zPagedRequest, zPagedResult } from './users';
import { zPassword, type PasswordPolicy } from './identity';

/** Contracts of the tenants feature (/api/tenants, host only). */

export const TENANT_SORT_FIELDS = ['name', 'createdAt'] as const;

/** Translation keys (namespace `tenants`) of the rules the server enforces. */
export const TENANT_MESSAGE_KEYS = {
  nameTaken: 'tenants:nameTaken',
  cvrInvalid: 'tenants:cvrInvalid',
  nationalLoginNeedsCvr: 'tenants:nationalLoginNeedsCvr',
  adminEmailTaken: 'tenants:adminEmailTaken',
} as const;

export const zTenant = z.object({
  id: z.uuid(),
  name: z.string(),
  cvr: z.string().nullable(),
  comment: z.string().nullable(),
  nationalLogin: z.boolean(),
  createdAt: z.string(),
});
export type Tenant = z.infer<typeof zTenant>;

export const zTenantListRequest = zPagedRequest;
export const zTenantListResponse = zPagedResult(zTenant);
export type TenantListResponse = z.infer<typeof zTenantListResponse>;

/** GET /api/tenants/lookup: every tenant by name, for the host's tenant filter. */
export const zTenantLookup = z.object({ id: z.uuid(), name: z.string() });
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
