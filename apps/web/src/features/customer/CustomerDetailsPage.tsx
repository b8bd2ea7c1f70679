import { customerTypeLabels, formatSaudiPhoneLocal } from '@idara/domain';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconBuilding,
  IconCash,
  IconChecklist,
  IconHistory,
  IconId,
  IconMessages,
  IconPhone,
  IconReceipt,
  IconUser,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { permissionOf } from '../../app/resource';
import { resources } from '../../app/resources';
import { ActionIconLink } from '../../components/ActionIconLink';
import { Ltr } from '../../components/bidi';
import { useDeleteRecord } from '../../components/data-table';
import { DeleteAction, DetailsHeader, DetailsTitle, EditAction } from '../../components/entity';
import { EmptyState, InfoItem, RecordDates, RecordPage, Section } from '../../components/page';
import { RelatedList } from '../../components/resource/RelatedList';
import { can, useAuth, useCan } from '../../lib/auth';
import CustomerOrdersTab from '../order/CustomerOrdersTab';
import CustomerPaymentsTab from '../payment/CustomerPaymentsTab';
import { CustomerTasksCard } from '../task/OrderTasksCard';
import { ActivityTimeline } from './ActivityTimeline';
import {
  BACK_TO_CUSTOMERS,
  CUSTOMER_PATH,
  type Customer,
  customerKey,
  nameMap,
  useCities,
  useCustomer,
  useGovernments,
} from './customer-api';
import { RemindersToggle } from './RemindersToggle';
import { VisitMessagesInfo } from './VisitMessages';

const tabs = ['info', 'orders', 'payments', 'tasks', 'messages', 'activity'] as const;
/** A fixed tab, or a related resource's (its name). */
type TabKey = (typeof tabs)[number] | string;

export default function CustomerDetailsPage() {
  return (
    <RecordPage useRecord={useCustomer} sections={2} {...BACK_TO_CUSTOMERS}>
      {(customer) => <CustomerDetails customer={customer} />}
    </RecordPage>
  );
}

/** A green link to the customer's WhatsApp conversation. */
function ConversationButton({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Button variant="light" color="green" component={Link} to={to} leftSection={icon}>
      {children}
    </Button>
  );
}

function CustomerDetails({ customer }: { customer: Customer }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canUpdate = useCan('customer:update');
  const canDelete = useCan('customer:delete');
  const canMessages = useCan('customer:read:messages');
  const conversation = `/dashboard/whatsapp/${customer._id}`;
  const canActivity = useCan('activity:read');
  const { user } = useAuth();
  // The records that refer to a customer and say so (`relatedTab`), each a tab for those who may list them.
  const relatedTabs = resources.filter(
    (r) => r.relatedTab?.ref === 'customer' && can(user, [permissionOf(r, 'read')]),
  );
  const canStatement = useCan('report:aging');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as TabKey | null;
  const known = (key: string) =>
    (tabs as readonly string[]).includes(key) || relatedTabs.some((r) => r.name === key);
  const tab: TabKey =
    requested && known(requested) && (requested !== 'activity' || canActivity) ? requested : 'info';

  const tabsRef = useRef<HTMLDivElement>(null);
  // A tab opened from the URL may sit outside the scrolled tab strip on phones: bring it into view.
  useEffect(() => {
    tabsRef.current
      ?.querySelector<HTMLElement>(`[data-tab="${tab}"]`)
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  const isCompany = customer.type === 'company';
  const phone = formatSaudiPhoneLocal(customer.phoneNumber);

  const remove = useDeleteRecord(CUSTOMER_PATH, {
    onDeleted: (id) => {
      queryClient.removeQueries({ queryKey: customerKey(id) });
      navigate('/dashboard/customer', { replace: true });
    },
  });
  const onDelete = () => remove(customer);

  return (
    <Stack gap="lg">
      <DetailsHeader
        avatar={{
          size: 56,
          color: isCompany ? 'indigo' : 'teal',
          children: isCompany ? <IconBuilding size={28} /> : <IconUser size={28} />,
        }}
        actions={
          (canUpdate || canDelete || canMessages || canStatement) && (
            <>
              {canStatement && (
                <Button
                  variant="light"
                  component={Link}
                  to={`/dashboard/customer/${customer._id}/statement`}
                  leftSection={<IconReceipt size={16} />}
                >
                  كشف حساب
                </Button>
              )}
              {canMessages && (
                <ConversationButton to={conversation} icon={<IconMessages size={16} />}>
                  المحادثة
                </ConversationButton>
              )}
              {canUpdate && <EditAction to={`/dashboard/customer/edit/${customer._id}`} />}
              {canDelete && <DeleteAction onClick={onDelete} />}
            </>
          )
        }
      >
        <Group gap="xs" wrap="wrap">
          <DetailsTitle>
            <bdi>{customer.name}</bdi>
          </DetailsTitle>
          <Badge variant="light" color={isCompany ? 'indigo' : 'teal'} radius="sm">
            {customerTypeLabels[customer.type]}
          </Badge>
        </Group>
        <Group gap="sm" wrap="wrap">
          <Anchor href={`tel:${customer.phoneNumber}`} size="sm" aria-label={`اتصال بالرقم ${phone}`}>
            <Group gap={4} wrap="nowrap">
              <IconPhone size={16} />
              <Ltr>{phone}</Ltr>
            </Group>
          </Anchor>
          {canMessages && (
            <ActionIconLink label="رسائل واتساب" to={conversation} variant="light" color="green">
              <IconBrandWhatsapp size={18} />
            </ActionIconLink>
          )}
        </Group>
        {canUpdate && <RemindersToggle customerId={customer._id} />}
      </DetailsHeader>

      <Tabs
        value={tab}
        onChange={(v) => {
          const next = new URLSearchParams(params);
          if (!v || v === 'info') next.delete('tab');
          else next.set('tab', v);
          setParams(next, { replace: true });
        }}
        keepMounted={false}
      >
        <ScrollArea type="auto" scrollbarSize={4} offsetScrollbars="x">
          <Tabs.List style={{ flexWrap: 'nowrap' }} ref={tabsRef}>
            <Tabs.Tab value="info" data-tab="info" leftSection={<IconId size={16} />}>
              البيانات
            </Tabs.Tab>
            <Tabs.Tab value="orders" data-tab="orders" leftSection={<IconReceipt size={16} />}>
              الطلبات
            </Tabs.Tab>
            <Tabs.Tab value="payments" data-tab="payments" leftSection={<IconCash size={16} />}>
              المدفوعات
            </Tabs.Tab>
            <Tabs.Tab value="tasks" data-tab="tasks" leftSection={<IconChecklist size={16} />}>
              المهام
            </Tabs.Tab>
            <Tabs.Tab value="messages" data-tab="messages" leftSection={<IconMessages size={16} />}>
              الرسائل
            </Tabs.Tab>
            {relatedTabs.map((r) => (
              <Tabs.Tab key={r.name} value={r.name} data-tab={r.name} leftSection={<r.nav.icon size={16} />}>
                {r.relatedTab?.label}
              </Tabs.Tab>
            ))}
            {canActivity && (
              <Tabs.Tab value="activity" data-tab="activity" leftSection={<IconHistory size={16} />}>
                سجل النشاط
              </Tabs.Tab>
            )}
          </Tabs.List>
        </ScrollArea>

        <Tabs.Panel value="info" pt="md">
          <CustomerInfo customer={customer} />
        </Tabs.Panel>
        <Tabs.Panel value="orders" pt="md">
          <CustomerOrdersTab customerId={customer._id} />
        </Tabs.Panel>
        <Tabs.Panel value="payments" pt="md">
          <CustomerPaymentsTab customerId={customer._id} />
        </Tabs.Panel>
        <Tabs.Panel value="tasks" pt="md">
          <CustomerTasksCard customer={customer} />
        </Tabs.Panel>
        <Tabs.Panel value="messages" pt="md">
          <Paper withBorder pb={canMessages ? 'xl' : undefined}>
            <EmptyState
              icon={<IconMessages size={26} />}
              title="محادثة واتساب"
              text={
                canMessages
                  ? 'رسائل واتساب المتبادلة مع العميل في صفحة المحادثة'
                  : 'ليست لديك صلاحية قراءة رسائل العملاء'
              }
            />
            {canMessages && (
              <Group justify="center">
                <ConversationButton to={conversation} icon={<IconBrandWhatsapp size={16} />}>
                  فتح المحادثة
                </ConversationButton>
              </Group>
            )}
          </Paper>
        </Tabs.Panel>
        {relatedTabs.map((r) => (
          <Tabs.Panel key={r.name} value={r.name} pt="md">
            <RelatedList resource={r} filter={r.relatedTab?.filter ?? ''} id={customer._id} />
          </Tabs.Panel>
        ))}
        {canActivity && (
          <Tabs.Panel value="activity" pt="md">
            <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
              <ActivityTimeline
                query={{ entity: 'customer', entityId: customer._id, limit: 50 }}
                emptyText="لا توجد أنشطة مسجلة لهذا العميل"
              />
            </Paper>
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

function CustomerInfo({ customer }: { customer: Customer }) {
  const governments = useGovernments(Boolean(customer.government));
  const cities = useCities(Boolean(customer.city));
  const govName = customer.government ? nameMap(governments.data?.rows).get(customer.government) : '';
  const cityName = customer.city ? nameMap(cities.data?.rows).get(customer.city) : '';
  const isCompany = customer.type === 'company';
  const ltr = (v: string) => (v ? <Ltr>{v}</Ltr> : '');

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section title="البيانات الأساسية">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <InfoItem label="الاسم">{customer.name}</InfoItem>
            <InfoItem label="نوع العميل">{customerTypeLabels[customer.type]}</InfoItem>
            <InfoItem label="رقم الجوال">{ltr(formatSaudiPhoneLocal(customer.phoneNumber))}</InfoItem>
            <InfoItem label="رقم واتساب">
              {customer.whatsappNumber ? ltr(formatSaudiPhoneLocal(customer.whatsappNumber)) : ''}
            </InfoItem>
            <InfoItem label="البريد الإلكتروني">{ltr(customer.email)}</InfoItem>
            <RecordDates record={customer} />
          </SimpleGrid>
        </Section>
        <Stack gap="lg">
          {isCompany && (
            <Section title="بيانات المنشأة">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <InfoItem label="الرقم الضريبي">{ltr(customer.vatNumber)}</InfoItem>
                <InfoItem label="رقم السجل التجاري">{ltr(customer.crNumber)}</InfoItem>
              </SimpleGrid>
            </Section>
          )}
          <Section title="العنوان الوطني">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <InfoItem label="المنطقة">{govName}</InfoItem>
              <InfoItem label="المدينة">{cityName}</InfoItem>
              <InfoItem label="الحي">{customer.district}</InfoItem>
              <InfoItem label="الشارع">{customer.street}</InfoItem>
              <InfoItem label="رقم المبنى">{ltr(customer.buildingNumber)}</InfoItem>
              <InfoItem label="الرمز البريدي">{ltr(customer.postalCode)}</InfoItem>
              <InfoItem label="الرقم الإضافي">{ltr(customer.additionalNumber)}</InfoItem>
            </SimpleGrid>
          </Section>
          <VisitMessagesInfo optOuts={customer.messageOptOuts} />
        </Stack>
      </SimpleGrid>
      <Section title="ملاحظات">
        <Text size="sm" c={customer.notes ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
          {customer.notes || 'لا توجد ملاحظات'}
        </Text>
      </Section>
    </Stack>
  );
}
