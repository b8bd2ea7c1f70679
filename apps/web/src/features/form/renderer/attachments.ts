import { attachmentLimits } from '@idara/domain';

export type AttachmentKind = keyof typeof attachmentLimits;

const UNITS = [
  { size: 1024 * 1024, label: 'ميغابايت' },
  { size: 1024, label: 'كيلوبايت' },
];

/** 1536 → '1.5 كيلوبايت'; Latin digits like every other number in the app. */
export function formatBytes(bytes: number): string {
  for (const unit of UNITS) {
    if (bytes >= unit.size) {
      const n = bytes / unit.size;
      return `${n >= 10 ? Math.round(n) : Math.round(n * 10) / 10} ${unit.label}`;
    }
  }
  return `${bytes} بايت`;
}

const TYPE_NAMES: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
};

/** 'JPEG أو PNG أو WebP أو PDF' */
export function allowedTypesText(kind: AttachmentKind): string {
  return attachmentLimits[kind].types.map((t) => TYPE_NAMES[t] ?? t).join(' أو ');
}

export const isImageType = (type: string) => type.startsWith('image/');

/** The browser's type, or one guessed from the extension when the browser gives none. */
export function fileType(file: File): string {
  if (file.type) return file.type;
  const ext = file.name.split('.').pop()?.toLowerCase();
  if (ext === 'jpg' || ext === 'jpeg') return 'image/jpeg';
  if (ext === 'png') return 'image/png';
  if (ext === 'webp') return 'image/webp';
  if (ext === 'pdf') return 'application/pdf';
  return '';
}

/** The Arabic reason a file cannot be sent, or null when it fits the limits. */
export function checkFile(file: File, kind: AttachmentKind): string | null {
  const limits = attachmentLimits[kind];
  if (!(limits.types as readonly string[]).includes(fileType(file)))
    return `نوع الملف غير مدعوم، الأنواع المسموحة: ${allowedTypesText(kind)}`;
  if (file.size > limits.maxBytes)
    return `حجم الملف ${formatBytes(file.size)} أكبر من الحد المسموح ${formatBytes(limits.maxBytes)}`;
  if (file.size === 0) return 'الملف فارغ';
  return null;
}

/** Longest side of a photo that had to be made smaller to fit the upload limit. */
const MAX_SIDE = 2560;

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('تعذرت قراءة الصورة'));
    };
    img.src = url;
  });
}

/**
 * A phone photo above the file limit is re-encoded as a smaller JPEG (longest side 2560 px, or
 * `maxSide`, then lower quality) so it can still be sent; other files are returned as they are.
 */
export async function shrinkPhoto(file: File, maxBytes: number, maxSide = MAX_SIDE): Promise<File> {
  const type = fileType(file);
  if (file.size <= maxBytes || !['image/jpeg', 'image/png', 'image/webp'].includes(type)) return file;
  const img = await loadImage(file);
  let scale = Math.min(1, maxSide / Math.max(img.naturalWidth, img.naturalHeight));
  for (const quality of [0.85, 0.75, 0.6]) {
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (blob && blob.size <= maxBytes) {
      const name = file.name.replace(/\.[^.]+$/, '') || 'photo';
      return new File([blob], `${name}.jpg`, { type: 'image/jpeg' });
    }
    scale *= 0.8;
  }
  return file;
}

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
