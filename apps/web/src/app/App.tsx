import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { HintLayer } from '../components/hint/HintLayer';
import { startVersionCheck } from '../lib/version-check';
import { AppToaster } from './AppToaster';
import { ColorSchemeSync } from './ColorSchemeSync';
import { GlobalDialogs } from './GlobalDialogs';
import { Providers } from './Providers';
import { appRouter } from './router';

export function App() {
  useEffect(() => startVersionCheck(), []);
  return (
    <Providers>
      <ColorSchemeSync />
      <RouterProvider router={appRouter()} />
      {/* Global area (spec §2): confirmation dialog, toasts, export dialog, hints */}
      <GlobalDialogs />
      <AppToaster />
      <HintLayer />
    </Providers>
  );
}
