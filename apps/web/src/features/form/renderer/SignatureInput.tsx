import { Button, Loader, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import classes from './FormRenderer.module.css';
import { type AttachmentAnswerProps, useAttachmentUrl, useStoreAttachment } from './renderer-context';
import { SignaturePad } from './SignaturePad';

/** The stored signature image on its paper-white background. */
export function SignatureImage({ id, label }: { id: string; label: string }) {
  const image = useAttachmentUrl(id);
  return (
    <div className={classes.signatureImage} data-testid="signature-image">
      {image.url ? (
        <img src={image.url} alt={`توقيع: ${label}`} />
      ) : image.loading ? (
        <Loader size="sm" color="gray" />
      ) : (
        <Text size="sm" c="gray.7">
          <IconSignature size={18} style={{ verticalAlign: 'middle' }} aria-hidden /> موقّع
        </Text>
      )}
    </div>
  );
}

/**
 * A signature answer: the pad until the user confirms (the PNG is uploaded and its id becomes the
 * answer), then the stored image with «إعادة التوقيع».
 */
export function SignatureInput({
  fieldKey,
  label,
  value,
  onChange,
  describedBy,
  invalid,
}: AttachmentAnswerProps) {
  const store = useStoreAttachment(fieldKey, onChange);
  const [redo, setRedo] = useState(false);

  const onConfirm = store
    ? async (png: Blob) => {
        const file = new File([png], `signature-${fieldKey}.png`, { type: 'image/png' });
        try {
          await store(file);
          setRedo(false);
        } catch (e) {
          throw new Error(errorMessage(e));
        }
      }
    : undefined;

  if (value && !redo) {
    return (
      <div className={classes.signatureStored}>
        <SignatureImage id={value} label={label} />
        <Button
          size="xs"
          variant="light"
          leftSection={<IconSignature size={16} />}
          onClick={() => setRedo(true)}
          disabled={!store}
          aria-describedby={describedBy}
        >
          إعادة التوقيع
        </Button>
      </div>
    );
  }

  return (
    <SignaturePad
      label={label}
      onConfirm={onConfirm}
      onCancel={value ? () => setRedo(false) : undefined}
      disabledHint={store ? undefined : 'يُعتمد التوقيع عند تعبئة النموذج في المهمة'}
      describedBy={describedBy}
      invalid={invalid}
    />
  );
}
