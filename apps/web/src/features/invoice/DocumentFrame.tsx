import { Paper, Skeleton } from '@mantine/core';
import { useState } from 'react';
import { useEinvoiceHtml } from './invoice-api';

/**
 * An issued document exactly as the server draws it (the same HTML its PDF prints), in a frame that
 * runs no script; its height follows the document so the page, not the frame, scrolls.
 */
export function DocumentFrame({ id, title }: { id: string; title: string }) {
  const html = useEinvoiceHtml(id);
  const [height, setHeight] = useState(900);
  if (html.isPending) return <Skeleton height={900} radius="lg" />;
  if (html.isError) return null;
  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} bg="white" data-testid="einvoice-document">
      <iframe
        title={title}
        srcDoc={html.data}
        sandbox="allow-same-origin"
        style={{ width: '100%', height, border: 0, display: 'block', background: 'white' }}
        onLoad={(e) => {
          const doc = e.currentTarget.contentDocument;
          if (doc) setHeight(Math.ceil(doc.body.getBoundingClientRect().height) + 16);
        }}
      />
    </Paper>
  );
}
