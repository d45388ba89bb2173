import { readFile } from 'node:fs/promises';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { SUPPORTED_LANGUAGES, type Language } from '@homeward/contracts';

/** Folder holding `<lng>/<ns>.json`. */
export const LOCALES_DIR = fileURLToPath(new URL('../locales', import.meta.url));

/** A translation resource: nested objects of strings. */
export interface Resource {
  [key: string]: string | Resource;
}

const NAMESPACE_PATTERN = /^[a-z][a-zA-Z0-9-]{0,63}$/;

export function isSupportedLanguage(lng: string): lng is Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(lng);
}

/** Namespaces present for the reference language (en); every language may have them. */
export function listNamespaces(): string[] {
  return readdirSync(path.join(LOCALES_DIR, 'en'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
}

/**
 * Reads one resource file. Returns `undefined` for an unknown language or namespace, and `{}` for a
 * known namespace that a partial language (sv, de) does not translate yet, so i18next falls back.
 */
export async function loadResource(lng: string, ns: string): Promise<Resource | undefined> {
  if (!isSupportedLanguage(lng) || !NAMESPACE_PATTERN.test(ns)) return undefined;
  if (!existsSync(path.join(LOCALES_DIR, 'en', `${ns}.json`))) return undefined;
  const file = path.join(LOCALES_DIR, lng, `${ns}.json`);
  if (!existsSync(file)) return {};
  return JSON.parse(await readFile(file, 'utf8')) as Resource;
}

/** Flattens a resource to dotted keys, for completeness checks and server-side lookups. */
export function flattenResource(resource: Resource, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(resource)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[full] = value;
    else Object.assign(out, flattenResource(value, full));
  }
  return out;
}

/** Replaces `{name}` placeholders, the product's interpolation syntax. */
export function interpolate(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
