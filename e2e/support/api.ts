import type { Citizen, CitizenList } from '@homeward/contracts';
import type { Page } from 'playwright-core';
import { storedAccessToken } from './sign-in';

/** GETs `url` of the API as the user signed in on `page` (its stored token); fails on an error status. */
export async function apiGet<T>(page: Page, baseUrl: string, url: string): Promise<T> {
  const token = await storedAccessToken(page);
  const response = await fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The first citizen the list finds for `name` (a demo citizen), with its devices and geofences. */
export async function citizenNamed(page: Page, baseUrl: string, name: string): Promise<Citizen> {
  const list = await apiGet<CitizenList>(page, baseUrl, `/api/citizens?filter=${name}`);
  return apiGet<Citizen>(page, baseUrl, `/api/citizens/${list.items[0]!.id}`);
}
