import { describe, expect, it } from 'vitest';
import { zCreateTenantRequest, zUpdateTenantRequest } from './tenants';

const valid = {
  name: 'Aarhus',
  adminEmail: 'admin@aarhus.dk',
  adminPassword: 'Admin-Password1!',
};

describe('tenant requests', () => {
  it('requires an 8-digit CVR only with national login, and clears it without', () => {
    const schema = zCreateTenantRequest();
    expect(schema.parse({ ...valid, cvr: '123' })).toMatchObject({ nationalLogin: false, cvr: '' });
    expect(schema.parse({ ...valid, nationalLogin: true, cvr: '12345678' }).cvr).toBe('12345678');
    for (const cvr of ['', '1234567', '123456789', '1234567a']) {
      const result = schema.safeParse({ ...valid, nationalLogin: true, cvr });
      expect(result.success, cvr).toBe(false);
      expect(result.error!.issues[0]!.path).toEqual(['cvr']);
    }
  });

  it('checks the administrator on create only', () => {
    expect(zCreateTenantRequest().safeParse({ ...valid, adminPassword: 'short' }).success).toBe(false);
    expect(zCreateTenantRequest().safeParse({ name: 'Aarhus' }).success).toBe(false);
    expect(zUpdateTenantRequest.parse({ name: ' Aarhus ' })).toEqual({
      name: 'Aarhus',
      comment: '',
      nationalLogin: false,
      cvr: '',
    });
  });
});
