import {
  languageEndpoints,
  type CreateLanguageRequest,
  type LanguageDto,
  type LanguageText,
  type LanguageTextListRequest,
  type PagedRequest,
  type UpdateLanguageRequest,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every language-management query; writes invalidate it. */
export const LANGUAGES_QUERY_KEY = ['language-management', 'languages'] as const;
export const TEXTS_QUERY_KEY = ['language-management', 'texts'] as const;

export function getLanguages(request: PagedRequest) {
  return callEndpoint(languageEndpoints.list, { query: request });
}

export function getAllLanguages(): Promise<{ items: LanguageDto[] }> {
  return callEndpoint(languageEndpoints.all);
}

export function createLanguage(body: CreateLanguageRequest): Promise<unknown> {
  return callEndpoint(languageEndpoints.create, { body });
}

/** The culture name cannot change, so it is not sent. */
export function updateLanguage(id: string, body: UpdateLanguageRequest & { cultureName?: string }) {
  const { cultureName: _unchangeable, ...rest } = body;
  return callEndpoint(languageEndpoints.update, { params: { id }, body: rest });
}

export function deleteLanguage(id: string): Promise<unknown> {
  return callEndpoint(languageEndpoints.delete, { params: { id } });
}

export function setDefaultLanguage(id: string): Promise<LanguageDto> {
  return callEndpoint(languageEndpoints.setDefault, { params: { id } });
}

export function getCultureList(lng: string) {
  return callEndpoint(languageEndpoints.cultures, { query: { lng } });
}

export function getTextResources() {
  return callEndpoint(languageEndpoints.resources);
}

export function getTexts(request: LanguageTextListRequest) {
  return callEndpoint(languageEndpoints.texts, { query: request });
}

const textParams = (cultureName: string, text: Pick<LanguageText, 'namespace' | 'key'>) => ({
  cultureName,
  namespace: text.namespace,
  key: text.key,
});

export function updateText(cultureName: string, text: LanguageText, value: string): Promise<LanguageText> {
  return callEndpoint(languageEndpoints.updateText, {
    params: textParams(cultureName, text),
    body: { value },
  });
}

export function restoreText(cultureName: string, text: LanguageText): Promise<LanguageText> {
  return callEndpoint(languageEndpoints.restoreText, { params: textParams(cultureName, text) });
}
