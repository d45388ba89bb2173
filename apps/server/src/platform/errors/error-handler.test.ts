import { isApiError } from '@homeward/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BODY_LIMIT_BYTES } from '../../app';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { DomainError } from './domain-error';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  // Routes only this test registers, to reach each kind of failure.
  t.app.post(
    '/api/test/people',
    {
      config: { permission: 'public' },
      schema: {
        body: z.object({
          name: z.string().min(1).max(5),
          email: z.email(),
          address: z.object({ zip: z.string().length(4) }),
        }),
        querystring: z.object({ page: z.coerce.number().int().min(1).optional() }),
      },
    },
    async (request) => ({ ok: request.body.name }),
  );
  t.app.get('/api/test/conflict', { config: { permission: 'public' } }, async () => {
    throw new DomainError('conflict', undefined, 'Name already taken');
  });
  t.app.get('/api/test/crash', { config: { permission: 'public' } }, async () => {
    throw new Error('secret connection string postgres://admin:hunter2@db');
  });
});
afterAll(async () => {
  await t.close();
});

describe('error shape', () => {
  it('reports validation failures as field errors with translation keys', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/people',
      payload: { name: 'far too long', email: 'nope', address: { zip: '12' } },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(isApiError(body)).toBe(true);
    expect(body).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Some fields are not valid',
        validationErrors: [
          { field: 'name', message: 'validation.maxLength', params: { count: 5 } },
          { field: 'email', message: 'validation.email' },
          { field: 'address.zip', message: 'validation.exactLength', params: { count: 4 } },
        ],
      },
    });
  });

  it('reports missing fields as required and validates the query string too', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/test/people', payload: {} });
    expect(missing.json().error.validationErrors).toContainEqual({
      field: 'name',
      message: 'validation.required',
    });
    const query = await t.app.inject({
      method: 'POST',
      url: '/api/test/people?page=0',
      payload: { name: 'Ann', email: 'a@b.dk', address: { zip: '8000' } },
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().error.validationErrors).toEqual([
      { field: 'page', message: 'validation.numberMin', params: { count: 1 } },
    ]);
  });

  it('accepts a valid request', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/people',
      payload: { name: 'Ann', email: 'a@b.dk', address: { zip: '8000' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: 'Ann' });
  });

  it('answers in Danish when the browser prefers it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/people',
      payload: {},
      headers: { 'accept-language': 'da-DK,da;q=0.9,en;q=0.8' },
    });
    expect(response.json().error.message).toBe('Nogle felter er ikke gyldige');
  });

  it('turns malformed JSON into bad_request', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/people',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'bad_request', message: 'The request could not be understood' },
    });
  });

  it('turns an oversized body into payload_too_large', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/people',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: 'payload_too_large', message: 'The request is too large' },
    });
  });

  it('turns an unsupported content type into unsupported_media_type', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/people',
      headers: { 'content-type': 'application/x-made-up' },
      payload: 'x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('unsupported_media_type');
  });

  it('keeps the code and details of a DomainError', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'conflict',
        message: 'This conflicts with existing data',
        details: 'Name already taken',
      },
    });
  });

  it('answers unknown failures as internal without leaking the message or stack', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'internal', message: 'An unknown error occurred' } });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('at ');
  });
});
