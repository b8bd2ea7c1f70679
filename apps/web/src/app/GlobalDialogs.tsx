import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useConfirmState } from '../components/confirm/confirm-store';
import { useExportState } from '../components/export/export-store';

// The dialogs (and Mantine's Modal with them) load the first time they open, not with the shell.
const ConfirmDialog = lazy(() =>
  import('../components/confirm/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })),
);
const ExportDialog = lazy(() =>
  import('../components/export/ExportDialog').then((m) => ({ default: m.ExportDialog })),
);

/** Renders `children` from the first time `when` is true on, so a closing dialog still animates. */
function MountOnce({ when, children }: { when: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  if (when && !mounted) setMounted(true);
  return mounted || when ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** Global area (spec §2): the confirmation dialog and the export dialog. */
export function GlobalDialogs() {
  const { visible } = useConfirmState();
  const { show } = useExportState();
  return (
    <>
      <MountOnce when={visible}>
        <ConfirmDialog />
      </MountOnce>
      <MountOnce when={show}>
        <ExportDialog />
      </MountOnce>
    </>
  );
}
