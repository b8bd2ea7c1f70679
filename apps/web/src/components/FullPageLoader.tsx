import { Center, Loader } from '@mantine/core';

export function FullPageLoader({ label = 'جارٍ التحميل…' }: { label?: string }) {
  return (
    <Center mih="100vh" role="status" aria-live="polite" aria-label={label}>
      <Loader />
    </Center>
  );
}

export function SectionLoader({ label = 'جارٍ التحميل…' }: { label?: string }) {
  return (
    <Center mih={240} role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
