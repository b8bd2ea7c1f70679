import { Box } from '@mantine/core';
import { GuardedOutlet } from '../GuardedOutlet';

/** Blank layout: public pages and the full-screen form builder. */
export function BlankLayout() {
  return (
    <Box component="main" mih="100vh" bg="var(--idara-page-bg)">
      <GuardedOutlet />
    </Box>
  );
}
