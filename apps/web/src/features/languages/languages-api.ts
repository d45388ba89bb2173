import type { z } from 'zod';
import type {
  CreateLanguageRequest,
  LanguageDto,
  LanguageText,
  LanguageTextListRequest,
  PagedRequest,
  UpdateLanguageRequest,
  zCultureListResponse,
  zLanguageListResponse,
  zLanguageTextListResponse,
  zTextResourcesResponse,
} from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';

/** Prefix of every language-management query; writes invalidate it. */
export const LANGUAGES_QUERY_KEY = ['language-management', 'languages'] as const;
export const TEXTS_QUERY_KEY = ['language-management', 'texts'] as const;
const BASE = '/api/language-management';

export function getLanguages(request: PagedRequest): Promise<z.infer<typeof zLanguageListResponse>> {
  return apiFetch(`${BASE}/languages${toQueryString(request)}`);
}

export function getAllLanguages(): Promise<{ items: LanguageDto[] }> {
  return apiFetch(`${BASE}/languages/all`);
}

export function createLanguage(body: CreateLanguageRequest): Promise<unknown> {
  return apiFetch(`${BASE}/languages`, { method: 'POST', body: JSON.stringify(body) });
}

/** The culture name cannot change, so it is not sent. */
export function updateLanguage(id: string, body: UpdateLanguageRequest & { cultureName?: string }) {
  const { cultureName: _unchangeable, ...rest } = body;
  return apiFetch<LanguageDto>(`${BASE}/languages/${id}`, { method: 'PUT', body: JSON.stringify(rest) });
}

export function deleteLanguage(id: string): Promise<unknown> {
  return apiFetch(`${BASE}/languages/${id}`, { method: 'DELETE' });
}

export function setDefaultLanguage(id: string): Promise<LanguageDto> {
  return apiFetch(`${BASE}/languages/${id}/set-default`, { method: 'PUT' });
}

export function getCultureList(lng: string): Promise<z.infer<typeof zCultureListResponse>> {
  return apiFetch(`${BASE}/culture-list${toQueryString({ lng })}`);
}

export function getTextResources(): Promise<z.infer<typeof zTextResourcesResponse>> {
  return apiFetch(`${BASE}/resources`);
}

export function getTexts(
  request: LanguageTextListRequest,
): Promise<z.infer<typeof zLanguageTextListResponse>> {
  return apiFetch(`${BASE}/texts${toQueryString(request)}`);
}

const textPath = (cultureName: string, text: Pick<LanguageText, 'namespace' | 'key'>) =>
  `${BASE}/texts/${encodeURIComponent(cultureName)}/${encodeURIComponent(text.namespace)}/${encodeURIComponent(text.key)}`;

export function updateText(cultureName: string, text: LanguageText, value: string): Promise<LanguageText> {
  return apiFetch(textPath(cultureName, text), { method: 'PUT', body: JSON.stringify({ value }) });
}

export function restoreText(cultureName: string, text: LanguageText): Promise<LanguageText> {
  return apiFetch(`${textPath(cultureName, text)}/restore`, { method: 'PUT' });
}
