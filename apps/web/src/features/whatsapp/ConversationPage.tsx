import { formatSaudiPhoneLocal, type MessageTemplate, serviceWindowExplanation } from '@idara/domain';
import { Alert, Anchor, Avatar, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  IconArrowRight,
  IconBrandWhatsapp,
  IconClockHour4,
  IconInbox,
  IconLock,
  IconTemplate,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ActionIconLink } from '../../components/ActionIconLink';
import { LoadError } from '../../components/page';
import { isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { useAuth, useCan } from '../../lib/auth';
import { onSocketReconnect, useSocketEvent } from '../../lib/socket';
import { useNow } from '../../lib/use-now';
import { availableTemplates, Composer, TemplatePicker } from './Composer';
import {
  ConversationEmpty,
  ConversationSkeleton,
  Digits,
  MessageList,
  messageItems,
  type PendingMessage,
  pendingItems,
} from './conversation-ui';
import classes from './Whatsapp.module.css';
import {
  type ConversationPage as ConversationPageData,
  conversationKey,
  flattenConversation,
  newIdempotencyKey,
  type SendBody,
  sendMessage,
  updateConversation,
  useConversation,
  useWhatsappConfig,
  type WhatsappConfig,
  type WhatsappEvent,
  type WhatsappMessage,
} from './whatsapp-api';
import { windowTimeLeft } from './whatsapp-format';

export default function ConversationPage() {
  const { id = '' } = useParams();
  return <Conversation key={id} customerId={id} />;
}

function Conversation({ customerId }: { customerId: string }) {
  const queryClient = useQueryClient();
  const query = useConversation(customerId);
  const config = useWhatsappConfig();

  // Live: new messages are added, statuses change in place; after a reconnect the page is fetched again.
  useSocketEvent('whatsapp', (payload: WhatsappEvent) => {
    const message = payload?.message;
    if (!message || message.customer !== customerId) return;
    updateConversation(queryClient, customerId, message);
  });
  useEffect(
    () =>
      onSocketReconnect(() => void queryClient.invalidateQueries({ queryKey: conversationKey(customerId) })),
    [queryClient, customerId],
  );

  const newest = query.data?.pages[0];
  return (
    <div className={classes.page}>
      {newest ? (
        <ConversationHeader customer={newest.customer} channel={config.data?.channel} />
      ) : (
        !query.isError && <HeaderPlaceholder />
      )}
      {query.isError ? (
        <LoadError query={query} backTo={`/dashboard/customer/${customerId}`} backLabel="العودة إلى العميل" />
      ) : (
        <ConversationBody customerId={customerId} query={query} first={newest} config={config.data} />
      )}
    </div>
  );
}

function HeaderPlaceholder() {
  return <Paper withBorder h={66} aria-hidden />;
}

function ConversationHeader({
  customer,
  channel,
}: {
  customer: ConversationPageData['customer'];
  channel: WhatsappConfig['channel'] | undefined;
}) {
  const canDetails = useCan('customer:details');
  const phone = formatSaudiPhoneLocal(customer.whatsappNumber || customer.phoneNumber);
  const customerPath = `/dashboard/customer/${customer._id}`;
  return (
    <Paper withBorder py="xs" px="sm" data-testid="wa-header">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          {canDetails && (
            <ActionIconLink
              label="العودة إلى العميل"
              to={customerPath}
              variant="subtle"
              color="gray"
              size="lg"
            >
              <IconArrowRight size={20} />
            </ActionIconLink>
          )}
          <Avatar color="green" variant="light" aria-hidden>
            <IconBrandWhatsapp size={22} />
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            {canDetails ? (
              <Anchor component={Link} to={customerPath} fw={700} lineClamp={1} c="var(--mantine-color-text)">
                {customer.name}
              </Anchor>
            ) : (
              <Text fw={700} lineClamp={1}>
                {customer.name}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              <bdi dir="ltr" data-testid="wa-phone">
                {phone}
              </bdi>
            </Text>
          </Stack>
        </Group>
        {channel && (
          <Badge
            variant="light"
            color={channel === 'outbox' ? 'yellow' : 'green'}
            radius="sm"
            style={{ flexShrink: 0 }}
          >
            {channel === 'outbox' ? 'صندوق الصادر' : 'واتساب'}
          </Badge>
        )}
      </Group>
    </Paper>
  );
}

type ConversationQuery = ReturnType<typeof useConversation>;

function ConversationBody({
  customerId,
  query,
  first,
  config,
}: {
  customerId: string;
  query: ConversationQuery;
  first: ConversationPageData | undefined;
  config: WhatsappConfig | undefined;
}) {
  const queryClient = useQueryClient();
  const canSend = useCan('customer:send:messages');
  const myId = useAuth().user?._id;
  const now = useNow(30_000);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [picker, setPicker] = useState(false);
  const bodies = useRef(new Map<string, SendBody>());

  const messages = useMemo(() => flattenConversation(query.data), [query.data]);
  const templates = availableTemplates(config);
  // `now` re-renders the banner every 30 s; the clock is read at render so a message that just
  // arrived is measured from this moment.
  const timeLeft = first
    ? windowTimeLeft(first.window.until, new Date(Math.max(now.getTime(), Date.now())))
    : null;
  const windowOpen = timeLeft !== null;

  /** Keys with a request under way: a second click on "retry" waits for the first. */
  const inFlight = useRef(new Set<string>());

  const deliver = useCallback(
    async (key: string) => {
      const body = bodies.current.get(key);
      if (!body || inFlight.current.has(key)) return;
      inFlight.current.add(key);
      try {
        // The same key on the client's own retry and on "retry" after a failure: the server sends once.
        const message = await sendMessage(customerId, body);
        updateConversation(queryClient, customerId, message);
        bodies.current.delete(key);
        setPending((list) => list.filter((p) => p.key !== key));
      } catch (error) {
        const main = errorMessage(error);
        const fields = isApiError(error) ? Object.values(error.fieldErrors).filter((f) => f !== main) : [];
        const text = [main, ...fields].join('، ');
        setPending((list) => list.map((p) => (p.key === key ? { ...p, state: 'failed', error: text } : p)));
        // Refused for the window (409): fetch it again, the banner shows why.
        if (isApiError(error) && error.status === 409)
          void queryClient.invalidateQueries({ queryKey: conversationKey(customerId) });
      } finally {
        inFlight.current.delete(key);
      }
    },
    [customerId, queryClient],
  );

  const send = (body: SendBody, text: string, template: string | null) => {
    const key = newIdempotencyKey();
    bodies.current.set(key, { ...body, idempotencyKey: key });
    setPending((list) => [
      ...list,
      { key, text, template, createdAt: new Date().toISOString(), state: 'sending' },
    ]);
    void deliver(key);
  };

  const retry = useCallback(
    (key: string) => {
      if (inFlight.current.has(key) || !bodies.current.has(key)) return;
      setPending((list) =>
        list.map((p) => (p.key === key ? { ...p, state: 'sending', error: undefined } : p)),
      );
      void deliver(key);
    },
    [deliver],
  );

  const discard = useCallback((key: string) => {
    bodies.current.delete(key);
    setPending((list) => list.filter((p) => p.key !== key));
  }, []);

  const sendTemplate = (template: MessageTemplate, params: Record<string, string>) =>
    send({ kind: 'template', template: template.name, params }, template.render(params), template.name);

  const items = useMemo(() => {
    // A pushed copy of a message still being answered (the socket can be faster than the answer)
    // stands in for its optimistic bubble.
    const claimed = new Set<string>();
    const visiblePending = pending.filter((p) => {
      if (p.state !== 'sending') return true;
      const twin = messages.find(
        (m: WhatsappMessage) =>
          !claimed.has(m._id) &&
          m.direction === 'out' &&
          m.sentBy === myId &&
          m.body === p.text &&
          new Date(m.createdAt).getTime() >= new Date(p.createdAt).getTime() - 60_000,
      );
      if (twin) claimed.add(twin._id);
      return !twin;
    });
    return [
      ...messageItems(messages, myId),
      ...pendingItems(visiblePending, { onRetry: retry, onDiscard: discard }),
    ];
  }, [messages, pending, myId, retry, discard]);

  const customerName = first?.customer.name ?? '';

  return (
    <>
      {config?.channel === 'outbox' && (
        <Alert
          color="yellow"
          radius="lg"
          py={8}
          icon={<IconInbox size={20} />}
          data-testid="wa-outbox-notice"
          role="note"
          classNames={{ icon: classes.bannerIcon }}
        >
          <Text size="sm">
            <Text span fw={700} inherit>
              واتساب غير مُعدّ:
            </Text>{' '}
            لم تُضبط بيانات ربط واتساب بعد، لذلك تُحفظ الرسائل في صندوق الصادر ولا تصل إلى العميل.
          </Text>
        </Alert>
      )}
      {first && canSend && (
        <WindowBanner
          timeLeft={timeLeft}
          onTemplates={templates.length > 0 ? () => setPicker(true) : undefined}
        />
      )}
      <div className={classes.chat}>
        {query.isPending ? (
          <ConversationSkeleton />
        ) : (
          <MessageList
            label={`المحادثة مع ${customerName}`}
            items={items}
            hasOlder={query.hasNextPage}
            loadingOlder={query.isFetchingNextPage}
            onLoadOlder={() => void query.fetchNextPage()}
            empty={
              <ConversationEmpty
                text={
                  canSend
                    ? windowOpen
                      ? 'ابدأ المحادثة بكتابة رسالة أو بإرسال قالب.'
                      : 'ابدأ المحادثة بإرسال قالب معتمد.'
                    : 'ستظهر هنا الرسائل المتبادلة مع العميل.'
                }
              />
            }
          />
        )}
        {canSend && first && (
          <Composer
            windowOpen={windowOpen}
            templates={templates}
            onSendText={(text) => send({ kind: 'text', body: text }, text, null)}
            onOpenTemplates={() => setPicker(true)}
          />
        )}
      </div>
      {canSend && (
        <TemplatePicker
          opened={picker}
          onClose={() => setPicker(false)}
          templates={templates}
          customerId={customerId}
          customerName={customerName}
          onSend={sendTemplate}
        />
      )}
    </>
  );
}

/** The 24-hour service window: time left, or closed with only templates allowed. */
function WindowBanner({ timeLeft, onTemplates }: { timeLeft: string | null; onTemplates?: () => void }) {
  const open = timeLeft !== null;
  // On phones the explanation of an open window folds away behind "ما هذا؟" to leave room for the messages.
  const [help, setHelp] = useState(false);
  const folded = open && !help;
  return (
    <Alert
      color={open ? 'teal' : 'orange'}
      radius="lg"
      py={8}
      icon={open ? <IconClockHour4 size={20} /> : <IconLock size={20} />}
      data-testid="wa-window"
      role="status"
      data-open={open}
      classNames={{ icon: classes.bannerIcon }}
    >
      <Group justify="space-between" align="center" gap="xs" wrap="wrap">
        <Text size="sm" fw={700} c={open ? 'teal' : 'orange'}>
          {open ? <Digits>{`نافذة المحادثة مفتوحة: ${timeLeft}`}</Digits> : 'خارج نافذة المحادثة'}
        </Text>
        {open && (
          <Anchor
            component="button"
            type="button"
            size="xs"
            hiddenFrom="sm"
            aria-expanded={help}
            aria-controls="wa-window-help"
            onClick={() => setHelp((v) => !v)}
          >
            {help ? 'إخفاء' : 'ما هذا؟'}
          </Anchor>
        )}
      </Group>
      <Group justify="space-between" align="flex-end" gap="xs" wrap="wrap">
        <Text
          id="wa-window-help"
          size="xs"
          mt={4}
          style={{ flex: '1 1 16rem' }}
          className={folded ? classes.foldOnPhone : undefined}
        >
          <Digits>{serviceWindowExplanation}</Digits>
        </Text>
        {!open && onTemplates && (
          <Button
            size="compact-sm"
            variant="light"
            color="orange"
            leftSection={<IconTemplate size={15} />}
            onClick={onTemplates}
          >
            إرسال قالب
          </Button>
        )}
      </Group>
    </Alert>
  );
}
