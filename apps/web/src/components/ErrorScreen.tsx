import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DEFAULT_ERROR_MESSAGE } from '../lib/api-error';

const BOT_UA = /bot|crawler|spider|crawling/i;

const headings: Record<number, string> = {
  403: 'غير مصرح بالدخول',
  404: 'الصفحة غير موجودة',
};

export interface ErrorScreenProps {
  statusCode?: number;
  message?: string;
  /** The address that was asked for, shown after the message. */
  path?: string;
}

/** Spec §2: status + message + "back to home"; only below 500 (missing = 500), never for bots. */
export function ErrorScreen({ statusCode, message, path }: ErrorScreenProps) {
  const status = statusCode ?? 500;
  if (status >= 500) return null;
  if (typeof navigator !== 'undefined' && BOT_UA.test(navigator.userAgent)) return null;
  return (
    <Center mih="70vh" p="md" component="section" aria-labelledby="error-title">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Text fz={72} fw={700} c="dimmed" lh={1} dir="ltr" data-testid="error-status">
          {status}
        </Text>
        <Title order={1} fz="h2" id="error-title">
          {headings[status] ?? DEFAULT_ERROR_MESSAGE}
        </Title>
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="error-message">
          <bdi>{message || DEFAULT_ERROR_MESSAGE}</bdi>
          {path && (
            <>
              {' '}
              <bdi dir="ltr">{path}</bdi>
            </>
          )}
        </Text>
        <Button component={Link} to="/" leftSection={<IconHome size={18} />} mt="md">
          العودة إلى الرئيسية
        </Button>
      </Stack>
    </Center>
  );
}
