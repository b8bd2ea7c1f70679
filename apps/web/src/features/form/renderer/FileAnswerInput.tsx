import { attachmentLimits } from '@idara/domain';
import { ActionIcon, Button, Group, Progress, Text, Tooltip } from '@mantine/core';
import { IconCamera, IconRefresh, IconUpload, IconX } from '@tabler/icons-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { AttachmentView } from './AttachmentView';
import { allowedTypesText, checkFile, formatBytes, shrinkPhoto } from './attachments';
import classes from './FormRenderer.module.css';
import { type AttachmentAnswerProps, useStoreAttachment } from './renderer-context';

const LIMITS = attachmentLimits.file;
const ACCEPT = LIMITS.types.join(',');
const IMAGE_ACCEPT = LIMITS.types.filter((t) => t.startsWith('image/')).join(',');

/** Phones and tablets: offer the camera beside the file picker. */
const coarsePointer = () => typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches;

/**
 * A photo-or-file answer: pick (or drop, or shoot on a phone) one JPEG/PNG/WebP/PDF ≤ 5 MB; it is
 * checked here before sending, uploaded with `upload`, and the answer becomes the attachment id.
 */
export function FileAnswerInput({
  fieldKey,
  label,
  value,
  onChange,
  describedBy,
  invalid,
}: AttachmentAnswerProps) {
  const store = useStoreAttachment(fieldKey, onChange);
  const fileRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<{ name: string; size: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const problemId = useId();
  const camera = coarsePointer();
  const disabled = !store;

  const send = async (picked: File | undefined | null) => {
    if (!picked || !store) return;
    setProblem(null);
    let file = picked;
    try {
      file = await shrinkPhoto(picked, LIMITS.maxBytes);
    } catch {
      // an unreadable image is refused by the check below or by the server
    }
    const reason = checkFile(file, 'file');
    if (reason) {
      setProblem(reason);
      return;
    }
    setBusy({ name: file.name, size: file.size });
    try {
      await store(file);
    } catch (e) {
      setProblem(`تعذر رفع الملف: ${errorMessage(e)}`);
    } finally {
      setBusy(null);
    }
  };

  const onPicked = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    e.currentTarget.value = '';
    void send(file);
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (disabled || busy) return;
    void send(e.dataTransfer.files?.[0]);
  };

  const inputs = (
    <>
      <input
        ref={fileRef}
        type="file"
        accept={ACCEPT}
        hidden
        onChange={onPicked}
        disabled={disabled}
        data-testid={`file-input-${fieldKey}`}
        aria-label={`اختيار ملف: ${label}`}
      />
      <input
        ref={cameraRef}
        type="file"
        accept={IMAGE_ACCEPT}
        capture="environment"
        hidden
        onChange={onPicked}
        disabled={disabled}
        aria-label={`التقاط صورة: ${label}`}
      />
    </>
  );

  const describedByAll = [describedBy, problem ? problemId : ''].filter(Boolean).join(' ') || undefined;

  if (busy) {
    return (
      <div className={classes.dropzone} role="status" aria-live="polite">
        <Text size="sm" fw={500} className={classes.fileName}>
          جارٍ رفع <bdi>{busy.name}</bdi> (<bdi>{formatBytes(busy.size)}</bdi>)…
        </Text>
        <Progress value={100} animated striped size="sm" radius="xl" aria-label="جارٍ الرفع" />
      </div>
    );
  }

  if (value) {
    return (
      <div>
        {inputs}
        <AttachmentView
          id={value}
          fallbackName="الملف المرفق"
          actions={
            disabled ? null : (
              <>
                <Tooltip label="استبدال الملف">
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={`استبدال ملف ${label}`}
                    aria-describedby={describedByAll}
                    onClick={() => fileRef.current?.click()}
                  >
                    <IconRefresh size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="إزالة الملف">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`إزالة ملف ${label}`}
                    onClick={() => onChange(null)}
                  >
                    <IconX size={18} />
                  </ActionIcon>
                </Tooltip>
              </>
            )
          }
        />
        {problem && (
          <Text id={problemId} size="sm" c="red" mt={4} role="alert">
            {problem}
          </Text>
        )}
      </div>
    );
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a mouse shortcut; the buttons inside do the same
    <div
      className={classes.dropzone}
      data-dragging={dragging || undefined}
      data-invalid={invalid || undefined}
      data-disabled={disabled || undefined}
      onDragOver={(e) => {
        if (disabled) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {inputs}
      <Group gap="xs" justify="center" wrap="wrap">
        <Button
          variant="light"
          leftSection={<IconUpload size={18} />}
          onClick={() => fileRef.current?.click()}
          disabled={disabled}
          aria-describedby={describedByAll}
          aria-invalid={invalid || undefined}
        >
          اختيار ملف
        </Button>
        {camera && (
          <Button
            variant="default"
            leftSection={<IconCamera size={18} />}
            onClick={() => cameraRef.current?.click()}
            disabled={disabled}
          >
            التقاط صورة
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed" ta="center">
        {disabled ? (
          'يُرفع الملف عند تعبئة النموذج في المهمة'
        ) : (
          <>
            صورة أو ملف <bdi>{allowedTypesText('file')}</bdi>، حتى <bdi>{formatBytes(LIMITS.maxBytes)}</bdi>
          </>
        )}
      </Text>
      {problem && (
        <Text id={problemId} size="sm" c="red" ta="center" role="alert">
          {problem}
        </Text>
      )}
    </div>
  );
}
