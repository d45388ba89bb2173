import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BLOB, endpoint, endpointGroup } from './endpoint';
import { endpoints, listEndpoints, settingEndpoints } from './index';

describe('endpointGroup', () => {
  it('names each endpoint after its area and key, and keeps its schemas', () => {
    const zThing = z.object({ id: z.string() });
    const group = endpointGroup('things', {
      get: endpoint('GET', '/api/things/:id', { response: zThing }),
      upload: endpoint('PUT', '/api/things/:id/file', { body: BLOB, response: zThing }),
    });
    expect(group.get).toEqual({
      name: 'things.get',
      method: 'GET',
      path: '/api/things/:id',
      query: undefined,
      body: undefined,
      response: zThing,
    });
    expect(group.upload.name).toBe('things.upload');
    expect(group.upload.body).toBe(BLOB);
  });
});

describe('the endpoint table', () => {
  it('lists every endpoint, the setting groups’ own routes included', () => {
    const all = listEndpoints();
    expect(all).toContain(endpoints.citizens.get);
    expect(all).toContain(settingEndpoints.emailing.update);
    expect(settingEndpoints.emailing.update).toMatchObject({
      name: 'settings.emailing.update',
      method: 'PUT',
      path: '/api/setting-management/emailing',
    });
    expect(settingEndpoints.sendTestEmail.name).toBe('settings.sendTestEmail');
  });

  it('declares every path under /api with named parameters only', () => {
    for (const { name, path } of listEndpoints()) {
      expect(path, name).toMatch(/^\/api\/[\w\-/:]+$/);
      expect(path, name).not.toMatch(/\/\/|:(?!\w)/);
    }
  });
});
