import type { Plugin } from 'vite';

const useIdModule = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * Mantine's `useId` with React's id only. Mantine's own (9.x) renders with React's id, then swaps
 * in a random one from a layout effect, for servers that render without `useId`. That swap is a
 * synchronous update in every input, popover and the app shell as they mount: React then runs
 * the whole page's effects and a second render in the task that committed it, the longest task
 * of a phone's first visit. There is no server rendering here, and React's id is unique in the
 * page, so the swap buys nothing.
 */
export const mantineUseIdSource = `import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : \`mantine-\${reactId.replace(/:/g, '')}\`;
}
`;

export function mantineUseId(): Plugin {
  let replaced = false;
  return {
    name: 'idara-mantine-use-id',
    enforce: 'pre',
    load(id) {
      if (!useIdModule.test(id.split('?')[0])) return null;
      replaced = true;
      return mantineUseIdSource;
    },
    buildEnd(error) {
      if (!error && this.environment?.mode === 'build' && !replaced) {
        this.error(
          'mantine-use-id: @mantine/hooks/esm/use-id/use-id.mjs was not loaded; has Mantine moved it?',
        );
      }
    },
  };
}
