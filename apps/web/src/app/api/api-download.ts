import { apiResponse } from './api-fetch';

/** The file name a Content-Disposition header gives, or `fallback`. */
export function fileNameOf(contentDisposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(contentDisposition ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * Downloads an API file (an xlsx export) with the user's token, language and tenant filter, and
 * hands it to the browser as a download under the name the server gives.
 */
export async function apiDownload(path: string, fallbackName: string): Promise<void> {
  const response = await apiResponse(path, { headers: { Accept: '*/*' } });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download; the object URL is not needed afterwards.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
