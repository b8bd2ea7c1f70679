import { lazy } from 'react';
import { useConfirmState } from '../components/confirm/confirm-store';
import { useExportState } from '../components/export/export-state';
import { LazyDialog } from '../components/LazyDialog';

// The dialogs (and Mantine's Modal with them) load the first time they open, not with the shell.
const ConfirmDialog = lazy(() =>
  import('../components/confirm/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })),
);
const ExportDialog = lazy(() =>
  import('../components/export/ExportDialog').then((m) => ({ default: m.ExportDialog })),
);

/** Global area (spec §2): the confirmation dialog and the export dialog. */
export function GlobalDialogs() {
  const { visible } = useConfirmState();
  const { show } = useExportState();
  return (
    <>
      <LazyDialog opened={visible}>
        <ConfirmDialog />
      </LazyDialog>
      <LazyDialog opened={show}>
        <ExportDialog />
      </LazyDialog>
    </>
  );
}
