import type { Answers, AnswerValue, FormField, TaskAttachment } from '@idara/domain';
import { type JSX, useCallback, useId, useMemo, useRef, useState } from 'react';
import { FieldAnswer } from './FieldAnswer';
import { FieldInput } from './FieldInput';
import classes from './FormRenderer.module.css';
import { RendererContext, type RendererContextValue } from './renderer-context';

/** A stored photo, file or signature (`POST /api/task/:id/files`). */
export type AttachmentInfo = TaskAttachment;

export interface FormRendererProps {
  fields: FormField[];
  value: Answers;
  /** Absent (or `readOnly`) → the answers are shown read-only. */
  onChange?: (next: Answers) => void;
  /** Field key → Arabic message (from validateAnswers or the server's fieldErrors `answers.<key>`). */
  errors?: Record<string, string>;
  readOnly?: boolean;
  /** Uploads a photo/file or a drawn signature (PNG blob) for a field and resolves to the stored attachment; absent in the builder preview, where those inputs are disabled with a hint. */
  upload?: (fieldKey: string, file: File) => Promise<AttachmentInfo>;
  /** Attachments already stored, to show name/size/thumbnail. */
  attachments?: AttachmentInfo[];
  /** Loads an attachment's bytes with the user's token (img src cannot send headers); used for thumbnails and download. */
  loadFile?: (attachmentId: string) => Promise<Blob>;
}

/** The answers' errors of an API 422 (`answers.<key>` → message) keyed by field key, for `errors`. */
export function answerErrorsOf(fieldErrors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const m = /^answers\.([^.]+)/.exec(path);
    if (m && !out[m[1]]) out[m[1]] = message;
  }
  return out;
}

/** Read-only answers: one description list per section. */
function ReadOnlyAnswers({
  fields,
  value,
  errors,
}: {
  fields: FormField[];
  value: Answers;
  errors?: Record<string, string>;
}) {
  const groups: { heading: FormField | null; fields: FormField[] }[] = [{ heading: null, fields: [] }];
  for (const field of fields) {
    if (field.type === 'section') groups.push({ heading: field, fields: [] });
    else groups[groups.length - 1].fields.push(field);
  }
  return (
    <div className={classes.form} data-testid="form-renderer" data-readonly>
      {groups.map((g, i) =>
        g.heading || g.fields.length ? (
          <div key={g.heading?.key ?? `group-${i}`} className={classes.form}>
            {g.heading && <FieldAnswer field={g.heading} value={null} />}
            {g.fields.length > 0 && (
              <dl className={classes.answerList}>
                {g.fields.map((f) => (
                  <FieldAnswer key={f.key} field={f} value={value[f.key]} error={errors?.[f.key]} />
                ))}
              </dl>
            )}
          </div>
        ) : null,
      )}
    </div>
  );
}

/**
 * Renders a form's fields for answering (every type of `formFieldTypes`), or its answers read-only.
 * Right-to-left, usable at 375 px; file and signature answers are attachment ids from `upload`.
 */
export function FormRenderer(props: FormRendererProps): JSX.Element {
  const { fields, value, onChange, errors, readOnly, upload, attachments, loadFile } = props;
  const baseId = useId();
  const [uploaded, setUploaded] = useState<Record<string, AttachmentInfo>>({});
  const blobs = useRef(new Map<string, Promise<Blob>>());
  const loader = useRef(loadFile);
  loader.current = loadFile;
  const hasLoader = !!loadFile;

  const remember = useCallback((info: AttachmentInfo, blob: Blob) => {
    blobs.current.set(info._id, Promise.resolve(blob));
    setUploaded((u) => ({ ...u, [info._id]: info }));
  }, []);

  const blob = useCallback((id: string) => {
    const cached = blobs.current.get(id);
    if (cached) return cached;
    const load = loader.current;
    if (!load) return Promise.reject(new Error('لا يمكن تحميل الملف هنا'));
    const promise = load(id);
    blobs.current.set(id, promise);
    // A failed load may succeed later (network back): do not keep the failure.
    promise.catch(() => blobs.current.delete(id));
    return promise;
  }, []);

  const byId = useMemo(() => {
    const map = new Map<string, AttachmentInfo>();
    for (const a of attachments ?? []) map.set(a._id, a);
    for (const a of Object.values(uploaded)) map.set(a._id, a);
    return map;
  }, [attachments, uploaded]);

  const context = useMemo<RendererContextValue>(
    () => ({
      upload,
      canLoad: hasLoader,
      info: (id) => byId.get(id),
      blob,
      remember,
    }),
    [upload, hasLoader, byId, blob, remember],
  );

  // Keep the latest answers for change handlers (several fields may change before a re-render).
  const latest = useRef(value);
  latest.current = value;
  const setAnswer = useCallback(
    (key: string, next: AnswerValue) => {
      if (!onChange) return;
      const answers = { ...latest.current };
      if (next === null || next === undefined) delete answers[key];
      else answers[key] = next;
      latest.current = answers;
      onChange(answers);
    },
    [onChange],
  );

  return (
    <RendererContext.Provider value={context}>
      {readOnly || !onChange ? (
        <ReadOnlyAnswers fields={fields} value={value} errors={errors} />
      ) : (
        <div className={classes.form} data-testid="form-renderer">
          {fields.map((field, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: keys are unique in a saved form, not yet while the builder edits one
            <div key={`${i}:${field.key}`} className={classes.field}>
              <FieldInput
                id={`${baseId}-${i}`}
                field={field}
                value={value[field.key]}
                onChange={(next) => setAnswer(field.key, next)}
                error={errors?.[field.key]}
              />
            </div>
          ))}
        </div>
      )}
    </RendererContext.Provider>
  );
}
