import {
  customerBody,
  formatDateTime,
  formatRelative,
  formatSaudiPhoneLocal,
  type InboxCustomer,
} from '@idara/domain';
import { Avatar, Badge, Button, Group, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowRight, IconInbox, IconMessageCircle, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ActionIconLink } from '../../components/ActionIconLink';
import { useEntityForm } from '../../components/entity';
import { EmptyState, LoadError } from '../../components/page';
import { useAuth, useCan } from '../../lib/auth';
import { onSocketReconnect, useSocketEvent } from '../../lib/socket';
import { CustomerNameField } from '../customer/CustomerNameField';
import { CUSTOMER_PATH } from '../customer/customer-api';
import { ConversationSkeleton, Digits, MessageList, messageItems, SrOnly } from './conversation-ui';
import classes from './Whatsapp.module.css';
import {
  conversationPath,
  createCustomerFromInbox,
  INBOX_BASE,
  type InboxRow,
  inboxKey,
  useInbox,
  useInboxMessages,
  WHATSAPP_PATH,
  type WhatsappEvent,
} from './whatsapp-api';
import { messagesCount } from './whatsapp-format';

const displayPhone = (phone: string) => formatSaudiPhoneLocal(phone);

/** Numbers that wrote in but match no customer: read their messages, or make them a customer. */
export default function InboxPage() {
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const selected = params.get('phone');
  const inbox = useInbox();

  const refresh = () => void queryClient.invalidateQueries({ queryKey: [WHATSAPP_PATH, 'inbox'] });
  useSocketEvent('whatsapp', (payload: WhatsappEvent) => {
    if (payload?.event === 'message' && payload.message && payload.message.customer === null) refresh();
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh only uses the stable query client
  useEffect(() => onSocketReconnect(refresh), [queryClient]);

  return (
    <Stack>
      <Text c="dimmed" size="sm">
        رسائل واتساب من أرقام لا تطابق أي عميل. افتح الرقم لقراءة رسائله، وأنشئ له عميلاً لتنتقل رسائله إلى
        محادثة العميل.
      </Text>
      <div className={classes.inboxLayout} data-selected={selected ? '' : undefined}>
        <Paper withBorder p="xs" className={classes.inboxList}>
          <InboxList query={inbox} selected={selected} />
        </Paper>
        <div className={classes.inboxThreadPane}>
          {selected ? (
            <InboxThread
              key={selected}
              phone={selected}
              row={inbox.data?.find((r) => r.phone === selected)}
            />
          ) : (
            <EmptyState
              boxed
              icon={<IconMessageCircle size={26} />}
              title="اختر رقماً"
              text="اختر رقماً من القائمة لعرض رسائله."
            />
          )}
        </div>
      </div>
    </Stack>
  );
}

function InboxList({ query, selected }: { query: ReturnType<typeof useInbox>; selected: string | null }) {
  if (query.isPending) {
    return (
      <Stack gap="xs" p="xs" role="status" aria-label="جارٍ التحميل…">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={52} radius="md" />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return <LoadError query={query} backTo="/dashboard/customer" backLabel="العودة إلى العملاء" />;
  }
  if (query.data.length === 0) {
    return (
      <div data-testid="wa-inbox-empty">
        <EmptyState
          icon={<IconInbox size={26} />}
          title="لا توجد رسائل جديدة"
          text="ستظهر هنا الرسائل الواردة من أرقام غير مسجلة لدى العملاء."
        />
      </div>
    );
  }
  return (
    <nav aria-label="الأرقام غير المسجلة">
      <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
        {query.data.map((row) => (
          <li key={row.phone}>
            <InboxItem row={row} active={row.phone === selected} />
          </li>
        ))}
      </Stack>
    </nav>
  );
}

function InboxItem({ row, active }: { row: InboxRow; active: boolean }) {
  const count = messagesCount(row.count);
  return (
    <UnstyledButton
      component={Link}
      to={`${INBOX_BASE}?phone=${encodeURIComponent(row.phone)}`}
      className={classes.inboxRow}
      data-active={active ? '' : undefined}
      aria-current={active ? 'page' : undefined}
      data-testid="wa-inbox-row"
      data-phone={row.phone}
    >
      <Avatar color="green" variant="light" aria-hidden>
        <IconMessageCircle size={20} />
      </Avatar>
      <div className={classes.inboxMain}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={700} size="sm">
            <bdi dir="ltr">{displayPhone(row.phone)}</bdi>
          </Text>
          <Text size="xs" c="dimmed" title={formatDateTime(row.lastAt)} style={{ flexShrink: 0 }}>
            <Digits>{formatRelative(row.lastAt)}</Digits>
          </Text>
        </Group>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" lineClamp={1} dir="auto" style={{ minWidth: 0 }}>
            {row.lastBody}
          </Text>
          <Badge color="green" radius="xl" size="sm" title={count} style={{ flexShrink: 0 }}>
            <bdi aria-hidden>{row.count}</bdi>
            <SrOnly>{count}</SrOnly>
          </Badge>
        </Group>
      </div>
    </UnstyledButton>
  );
}

function InboxThread({ phone, row }: { phone: string; row: InboxRow | undefined }) {
  const messages = useInboxMessages(phone);
  const myId = useAuth().user?._id;
  const canCreate = useCan('customer:create');
  const items = useMemo(() => messageItems(messages.data ?? [], myId), [messages.data, myId]);

  return (
    <Paper withBorder className={classes.inboxThread} data-testid="wa-inbox-thread">
      <Stack gap="sm" p="sm">
        <Group gap="sm" wrap="nowrap">
          <ActionIconLink
            label="العودة إلى القائمة"
            to={INBOX_BASE}
            variant="subtle"
            color="gray"
            size="lg"
            className={classes.inboxBack}
          >
            <IconArrowRight size={20} />
          </ActionIconLink>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700}>
              <bdi dir="ltr">{displayPhone(phone)}</bdi>
            </Text>
            {row && (
              <Text size="xs" c="dimmed">
                <Digits>{messagesCount(row.count)}</Digits>
              </Text>
            )}
          </Stack>
        </Group>
        {canCreate && <CreateCustomerForm phone={phone} />}
      </Stack>
      <div className={`${classes.chat} ${classes.inboxChat}`}>
        {messages.isPending ? (
          <ConversationSkeleton />
        ) : messages.isError ? (
          <Stack p="sm">
            <LoadError query={messages} backTo={INBOX_BASE} backLabel="العودة إلى القائمة" />
          </Stack>
        ) : (
          <MessageList
            items={items}
            label={`رسائل الرقم ${displayPhone(phone)}`}
            empty={
              <Text c="dimmed" ta="center" my="auto">
                لا توجد رسائل لهذا الرقم.
              </Text>
            }
          />
        )}
      </div>
    </Paper>
  );
}

/**
 * A customer from this number: the name asked as the customer form asks it, checked by the same
 * domain schema (`customerBody`, with this number as phone and WhatsApp) before the inbox's own
 * endpoint creates the customer and moves the number's messages to them.
 */
function CreateCustomerForm({ phone }: { phone: string }) {
  const queryClient = useQueryClient();
  const entity = useEntityForm<{ name: string }, InboxCustomer['customer']>({
    resourcePath: CUSTOMER_PATH,
    schema: customerBody,
    initialValues: { name: '' },
    toBody: ({ name }) => ({ name, phoneNumber: phone, whatsappNumber: phone }),
    save: async (body) => (await createCustomerFromInbox(phone, (body as { name: string }).name)).customer,
    quietErrors: true,
    guardUnsaved: false,
    successMessage: 'تمت إضافة العميل بنجاح',
    onSaved: () => void queryClient.invalidateQueries({ queryKey: inboxKey }),
    redirectTo: (saved) => conversationPath(saved._id),
  });
  const { form } = entity;
  // The number itself is the inbox's: a number the customer rules refuse is said under the name.
  const numberError = form.errors.phoneNumber ?? form.errors.whatsappNumber;

  return (
    <form onSubmit={entity.submit} noValidate aria-label="إنشاء عميل من هذا الرقم">
      <Group gap="xs" align="flex-start" wrap="wrap">
        <CustomerNameField
          placeholder="الاسم كما سيظهر في العملاء"
          {...form.getInputProps('name')}
          style={{ flex: '1 1 14rem' }}
        />
        <Button
          type="submit"
          leftSection={<IconUserPlus size={16} />}
          loading={entity.saving}
          mt={{ base: 0, xs: 25 }}
        >
          إنشاء عميل
        </Button>
      </Group>
      {numberError && (
        <Text size="sm" c="red" mt={4} role="alert">
          {numberError}
        </Text>
      )}
    </form>
  );
}
