import { createContext, useContext, useEffect, useState } from 'react';
import type { AttachmentInfo } from './FormRenderer';

/** What the attachment pieces of one FormRenderer share: the upload and download functions and a cache. */
export interface RendererContextValue {
  upload?: (fieldKey: string, file: File) => Promise<AttachmentInfo>;
  /** Can load stored bytes (thumbnails, downloads). */
  canLoad: boolean;
  /** Stored attachment info by id (the `attachments` prop plus what was uploaded here). */
  info: (id: string) => AttachmentInfo | undefined;
  /** The bytes of an attachment: uploaded here (kept in memory) or loaded once with `loadFile`. */
  blob: (id: string) => Promise<Blob>;
  /** Keeps an attachment uploaded here (its info and bytes). */
  remember: (info: AttachmentInfo, blob: Blob) => void;
}

export const RendererContext = createContext<RendererContextValue>({
  canLoad: false,
  info: () => undefined,
  blob: () => Promise.reject(new Error('no loader')),
  remember: () => {},
});

export const useRenderer = () => useContext(RendererContext);

/** What a photo/file or signature answer takes from its field. */
export interface AttachmentAnswerProps {
  fieldKey: string;
  label: string;
  /** The stored attachment's id. */
  value: string | null;
  onChange: (id: string | null) => void;
  describedBy?: string;
  invalid?: boolean;
}

/**
 * Storing an attachment answer: `store(file)` uploads it, keeps its bytes for the preview and makes
 * its id the answer; null while this renderer cannot upload (the builder's preview).
 */
export function useStoreAttachment(fieldKey: string, onChange: (id: string) => void) {
  const { upload, remember } = useRenderer();
  if (!upload) return null;
  return async (file: File) => {
    const stored = await upload(fieldKey, file);
    remember(stored, file);
    onChange(stored._id);
  };
}

export interface BlobUrl {
  url: string | null;
  type: string;
  loading: boolean;
  failed: boolean;
}

/** An object URL of an attachment's bytes (revoked when the id changes or the component leaves). */
export function useAttachmentUrl(id: string | null, enabled = true): BlobUrl {
  const { blob, canLoad } = useRenderer();
  const [state, setState] = useState<BlobUrl & { id: string | null }>({
    id: null,
    url: null,
    type: '',
    loading: false,
    failed: false,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `blob` reads a ref-held loader; the id decides
  useEffect(() => {
    if (!id || !enabled) return;
    let live = true;
    let url: string | null = null;
    setState({ id, url: null, type: '', loading: true, failed: false });
    blob(id).then(
      (b) => {
        if (!live) return;
        url = URL.createObjectURL(b);
        setState({ id, url, type: b.type, loading: false, failed: false });
      },
      () => {
        if (live) setState({ id, url: null, type: '', loading: false, failed: true });
      },
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, enabled, canLoad]);
  if (!id || !enabled || state.id !== id)
    return { url: null, type: '', loading: !!id && enabled, failed: false };
  return state;
}
