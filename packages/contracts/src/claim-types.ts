import { z } from 'zod';
import { zListResult, zPagedRequest, zPagedResult } from './users';

/** Contracts of the claim-types feature (/api/identity/claim-types, host only). */

export const CLAIM_VALUE_TYPES = ['string', 'int', 'boolean', 'datetime'] as const;
export type ClaimValueType = (typeof CLAIM_VALUE_TYPES)[number];

export const CLAIM_TYPE_SORT_FIELDS = ['name', 'valueType', 'createdAt'] as const;

export const zClaimType = z.object({
  id: z.uuid(),
  name: z.string(),
  required: z.boolean(),
  /** Static claim types cannot be renamed or deleted. */
  isStatic: z.boolean(),
  regex: z.string().nullable(),
  regexDescription: z.string().nullable(),
  description: z.string().nullable(),
  valueType: z.enum(CLAIM_VALUE_TYPES),
  createdAt: z.string(),
});
export type ClaimType = z.infer<typeof zClaimType>;

export const zClaimTypeListRequest = zPagedRequest;
export const zClaimTypeListResponse = zPagedResult(zClaimType);
/** GET /api/identity/claim-types/all, for pickers (role claims). */
export const zAllClaimTypesResponse = zListResult(zClaimType);

/** POST and PUT. An empty regex means "any value"; a regex that does not compile is `identity:invalidRegex`. */
export const zCreateClaimTypeRequest = z.object({
  name: z.string().trim().min(1).max(256),
  required: z.boolean().optional().default(false),
  regex: z.string().max(512).optional().default(''),
  regexDescription: z.string().trim().max(256).optional().default(''),
  description: z.string().trim().max(256).optional().default(''),
  valueType: z.enum(CLAIM_VALUE_TYPES).optional().default('string'),
});
export type CreateClaimTypeRequest = z.input<typeof zCreateClaimTypeRequest>;
export const zUpdateClaimTypeRequest = zCreateClaimTypeRequest;
export type UpdateClaimTypeRequest = z.input<typeof zUpdateClaimTypeRequest>;
