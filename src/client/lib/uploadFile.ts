// The upload service's client side: checks type and size first (same rules as the server),
// then sends multipart to POST /api/upload. The one fetch() outside tRPC: tRPC carries JSON.
import {
  UPLOAD_RULES,
  uploadSizeMessage,
  uploadTypeMessage,
  type UploadPurpose,
  type UploadResponse,
} from '../../shared/schemas/uploads';

/** The message SPEC 5 shows for a file that breaks the rules, or null when it may be sent. */
export function checkFile(file: File, purpose: UploadPurpose): string | null {
  const rule = UPLOAD_RULES[purpose];
  if (!rule.mimes.includes(file.type)) return uploadTypeMessage(rule.label);
  const maxMB = purpose === 'any' && file.type !== 'application/pdf' ? 5 : rule.maxMB;
  if (file.size > maxMB * 1024 * 1024) return uploadSizeMessage(maxMB);
  return null;
}

export async function uploadFile(file: File, purpose: UploadPurpose): Promise<UploadResponse> {
  const problem = checkFile(file, purpose);
  if (problem) throw new Error(problem);
  const form = new FormData();
  // The purpose goes first so the server knows the limit before the bytes arrive.
  if (purpose !== 'any') form.append('purpose', purpose);
  form.append('file', file);
  const res = await fetch('/api/upload', {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
  });
  const body = (await res.json().catch(() => null)) as
    (UploadResponse & { message?: string }) | null;
  if (!res.ok || !body?.fileUrl) throw new Error(body?.message || 'Failed to upload file');
  return body;
}

/** The file name a Content-Disposition header carries (RFC 5987 form first), or null. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      /* a malformed encoding: fall back to the plain form */
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}

/**
 * The original name of a file uploaded earlier (a draft's PDF guide, a proof reopened), read from
 * the headers the server sends with it; null when it was stored before names were kept. Not from
 * the cache: a cached copy may predate the header.
 */
export async function fetchUploadName(url: string): Promise<string | null> {
  const res = await fetch(url, { method: 'HEAD', credentials: 'same-origin', cache: 'no-store' });
  return res.ok ? dispositionFileName(res.headers.get('Content-Disposition')) : null;
}
