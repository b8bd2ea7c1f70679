import { ActionIcon, Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconPaperclip, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../lib/toast';
import { formatBytes, isImageType, saveBlob } from './attachments';
import classes from './FormRenderer.module.css';
import { useAttachmentUrl, useRenderer } from './renderer-context';

/**
 * One stored attachment: a thumbnail for images (loaded with the user's token), the file name and
 * size, and a download button. `actions` go beside the download button (replace, remove …).
 */
export function AttachmentView({
  id,
  fallbackName = 'مرفق',
  actions,
}: {
  id: string;
  fallbackName?: string;
  actions?: React.ReactNode;
}) {
  const { info, blob, canLoad } = useRenderer();
  const stored = info(id);
  const knownImage = stored ? isImageType(stored.type) : undefined;
  // Images get a thumbnail; without the info the bytes tell the type.
  const preview = useAttachmentUrl(id, knownImage !== false);
  const [saving, setSaving] = useState(false);
  const type = stored?.type || preview.type;
  const image = isImageType(type) && preview.url;
  const name = stored?.name || fallbackName;

  const download = async () => {
    setSaving(true);
    try {
      saveBlob(await blob(id), name);
    } catch {
      notify.error('تعذر تنزيل الملف');
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={classes.attachment} data-testid="attachment">
      <div className={classes.thumb} aria-hidden={!image}>
        {image ? (
          <a href={preview.url ?? undefined} target="_blank" rel="noreferrer" aria-label={`عرض ${name}`}>
            <img src={preview.url ?? undefined} alt={name} />
          </a>
        ) : preview.loading ? (
          <Loader size="sm" />
        ) : type === 'application/pdf' ? (
          <IconFileTypePdf size={28} />
        ) : isImageType(type) ? (
          <IconPhoto size={28} />
        ) : (
          <IconPaperclip size={28} />
        )}
      </div>
      <div className={classes.attachmentText}>
        <Text size="sm" fw={500} className={classes.fileName} title={name}>
          <bdi>{name}</bdi>
        </Text>
        {stored && (
          <Text size="xs" c="dimmed">
            <bdi>{formatBytes(stored.size)}</bdi>
          </Text>
        )}
      </div>
      <Group gap={4} wrap="nowrap" className={classes.attachmentActions}>
        {actions}
        {(canLoad || preview.url) && (
          <Tooltip label="تنزيل">
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={`تنزيل ${name}`}
              loading={saving}
              onClick={() => void download()}
            >
              <IconDownload size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </div>
  );
}
