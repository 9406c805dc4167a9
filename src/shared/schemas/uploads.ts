// The upload kinds of SPEC 9, shared by the upload widget (checks before sending) and the
// server (checks the real bytes).
export const UPLOAD_PURPOSES = ['avatar', 'cover', 'guide', 'proof', 'any'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export interface UploadRule {
  /** MIME types accepted, judged by the file's bytes on the server. */
  mimes: readonly string[];
  maxMB: number;
  /** The {type} of 'Invalid file type. Please upload {type} files.' */
  label: string;
  /** For the file picker's accept attribute. */
  accept: string;
}

const IMAGES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const UPLOAD_RULES: Record<UploadPurpose, UploadRule> = {
  avatar: { mimes: IMAGES, maxMB: 5, label: 'image', accept: 'image/png,image/jpeg,image/webp' },
  cover: { mimes: IMAGES, maxMB: 3, label: 'image', accept: 'image/png,image/jpeg,image/webp' },
  guide: { mimes: ['application/pdf'], maxMB: 10, label: 'PDF', accept: 'application/pdf' },
  proof: {
    mimes: ['image/png', 'image/jpeg', 'application/pdf'],
    maxMB: 10,
    label: 'PNG, JPG or PDF',
    accept: 'image/png,image/jpeg,application/pdf',
  },
  // Without a purpose: images up to 5 MB and PDFs up to 10 MB (checked per kind on the server).
  any: {
    mimes: [...IMAGES, 'application/pdf'],
    maxMB: 10,
    label: 'image or PDF',
    accept: 'image/png,image/jpeg,image/webp,application/pdf',
  },
};

export function uploadSizeMessage(maxMB: number): string {
  return `File size exceeds ${maxMB}MB limit.`;
}

export function uploadTypeMessage(label: string): string {
  return `Invalid file type. Please upload ${label} files.`;
}

export interface UploadResponse {
  fileUrl: string;
  mime: string;
  /** Bytes of the stored file (images are re-encoded, so not always what was sent). */
  size: number;
  /** The file's name on the sender's device, cleaned; what screens show instead of the url's. */
  originalName: string | null;
  /** Images only: a copy at most 640 px wide (WebP) for cards and lists. */
  variantUrl?: string;
}
