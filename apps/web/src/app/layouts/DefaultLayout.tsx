import { AppShell, Burger, Group, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, type MouseEvent, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { MaintenanceBanner } from '../../components/MaintenanceBanner';
import { useFirstPageShown } from '../../lib/first-page';
import { GuardedOutlet } from '../GuardedOutlet';
import { MAIN_ID, PAGE_HEADING_ID, useFocusOnNavigation } from '../use-focus-on-navigation';
import { useRouteMeta } from '../use-route-meta';
import { Brand } from './Brand';
import classes from './DefaultLayout.module.css';
import { Sidebar } from './Sidebar';
import sidebarClasses from './Sidebar.module.css';

/** The header's menus and bell (fetched ahead by router.tsx `preloadPage` from the sign-in page). */
export const loadHeaderActions = () => import('./HeaderActions');
const HeaderActions = lazy(loadHeaderActions);

/** The header's end, loaded once the page has mounted (its place is held meanwhile). */
function DeferredHeaderActions() {
  const placeholder = <Group h={34} />;
  if (!useFirstPageShown()) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <HeaderActions />
    </Suspense>
  );
}

/** The skip link moves focus into the page itself (the URL keeps no `#`). */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}

/** Default layout: header (title, theme, notifications bell, user menu) and the sidebar on the right (RTL). */
export function DefaultLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  // Below the `sm` breakpoint the navigation sits off screen until the burger opens it: its
  // links render the first time it opens, not on every page load of a phone.
  const wide = useMediaQuery('(min-width: 48em)', false, { getInitialValueInEffect: false });
  const [navOpenedOnce, setNavOpenedOnce] = useState(false);
  if (opened && !navOpenedOnce) setNavOpenedOnce(true);
  const meta = useRouteMeta();
  const { pathname } = useLocation();
  useFocusOnNavigation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => {
    close();
  }, [pathname, close]);

  return (
    <AppShell
      layout="alt"
      header={{ height: 60 }}
      navbar={{ width: { sm: 230, md: 260 }, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'md', md: 'lg' }}
      styles={{ main: { background: 'var(--idara-page-bg)' } }}
    >
      <a href={`#${MAIN_ID}`} className={classes.skipLink} onClick={skipToContent}>
        تخطَّ إلى المحتوى
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="فتح القائمة" />
            <Title
              order={1}
              fw={700}
              lineClamp={1}
              className={classes.pageTitle}
              id={PAGE_HEADING_ID}
              tabIndex={-1}
            >
              {meta?.title}
            </Title>
          </Group>
          <DeferredHeaderActions />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <AppShell.Section px="md" h={60} style={{ display: 'flex', alignItems: 'center', flexShrink: 0 }}>
          <Group justify="space-between" wrap="nowrap" w="100%">
            <Brand />
            <Burger opened={opened} onClick={close} hiddenFrom="sm" size="sm" aria-label="إغلاق القائمة" />
          </Group>
        </AppShell.Section>
        <AppShell.Section grow className={sidebarClasses.scroll}>
          {(wide || navOpenedOnce) && <Sidebar />}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <MaintenanceBanner />
        <div style={{ maxWidth: 1400, marginInline: 'auto', width: '100%' }}>
          <GuardedOutlet />
        </div>
      </AppShell.Main>
    </AppShell>
  );
}
