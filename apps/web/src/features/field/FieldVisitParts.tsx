import { formatGregorianDate, formatHijriDate, visitStatusLabels } from '@idara/domain';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconCloudCheck,
  IconCloudUpload,
  IconMapPin,
  IconPhone,
  IconRefresh,
} from '@tabler/icons-react';
import { ErrorAlert } from '../../components/feedback';
import { visitStatusColors } from '../visit/visit-status';
import type { FieldVisit } from './field-api';
import { fieldDb, type StoredVisit } from './offline/field-db';
import { dismissRefusal } from './offline/outbox';
import { syncNow, useSyncState } from './offline/sync';
import { mapsUrl, phoneText, telUrl, visitClock, whatsappUrl } from './visit-text';

/** The pieces the visit card (/tasks) and the visit page (/tasks/visit/:id) share. */

export function VisitStatusBadge({ visit }: { visit: Pick<FieldVisit, 'status'> }) {
  return (
    <Badge color={visitStatusColors[visit.status]} variant="light" data-testid="visit-status">
      {visitStatusLabels[visit.status]}
    </Badge>
  );
}

/** «09:30 ص · 18 جمادى الأولى 1448 هـ · 2026/11/29», as the app writes a day elsewhere. */
export function VisitWhen({ visit }: { visit: Pick<FieldVisit, 'scheduledAt'> }) {
  return (
    <Text size="sm" c="dimmed">
      <bdi style={{ whiteSpace: 'nowrap' }}>{visitClock(visit.scheduledAt)}</bdi>
      {' · '}
      <bdi style={{ whiteSpace: 'nowrap' }}>{formatHijriDate(visit.scheduledAt)}</bdi>
      {' · '}
      <bdi style={{ whiteSpace: 'nowrap' }}>{formatGregorianDate(visit.scheduledAt)}</bdi>
    </Text>
  );
}

/** Maps, call and WhatsApp: what a technician on the road taps. */
export function ReachButtons({ visit }: { visit: FieldVisit }) {
  const maps = mapsUrl(visit);
  const { phoneNumber, whatsappNumber, name } = visit.customer;
  const whatsapp = whatsappNumber || phoneNumber;
  const links = [
    maps && {
      href: maps,
      away: true,
      icon: IconMapPin,
      text: 'الخريطة',
      label: `الموقع على الخريطة: ${name}`,
    },
    phoneNumber && {
      href: telUrl(phoneNumber),
      icon: IconPhone,
      text: 'اتصال',
      label: `اتصال بـ${name} على ${phoneText(phoneNumber)}`,
    },
    whatsapp && {
      href: whatsappUrl(whatsapp),
      away: true,
      color: 'green',
      icon: IconBrandWhatsapp,
      text: 'واتساب',
      label: `واتساب ${name}`,
    },
  ].filter((link) => !!link);
  return (
    <Group gap="xs" wrap="wrap">
      {links.map((link) => (
        <Button
          key={link.text}
          component="a"
          href={link.href}
          {...(link.away ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          variant="light"
          color={link.color}
          size="xs"
          leftSection={<link.icon size={16} aria-hidden />}
          aria-label={link.label}
        >
          {link.text}
        </Button>
      ))}
    </Group>
  );
}

/** The server refused what the phone did (cancelled, reassigned): its state and its reason. */
export function RefusalNotice({ visit }: { visit: StoredVisit }) {
  if (!visit.refusal) return null;
  return (
    <ErrorAlert title="لم يقبل الخادم ما سجّلته على هذه الزيارة" data-testid="visit-refusal">
      <Stack gap={6} align="flex-start">
        <Text size="sm">{visit.refusal.message}</Text>
        <Text size="sm">
          حالتها الآن: <b>{visitStatusLabels[visit.status]}</b>
        </Text>
        <Button size="xs" variant="default" onClick={() => void dismissRefusal(fieldDb(), visit._id)}>
          حسناً
        </Button>
      </Stack>
    </ErrorAlert>
  );
}

/** «بانتظار الاتصال (3)» while actions wait on the device, «تمّت المزامنة» once all are sent. */
export function SyncBadge() {
  // Its own subscription: a round's many small changes redraw the badge, not the cards beside it.
  const state = useSyncState();
  const waiting = state.waiting > 0;
  return (
    <Group gap={6} wrap="nowrap" data-testid="sync-state" aria-live="polite">
      <Badge
        size="lg"
        variant="light"
        color={waiting ? 'orange' : 'teal'}
        leftSection={
          waiting ? <IconCloudUpload size={14} aria-hidden /> : <IconCloudCheck size={14} aria-hidden />
        }
      >
        {waiting ? (
          <>
            بانتظار الاتصال (<bdi>{state.waiting}</bdi>)
          </>
        ) : state.fetchedAt ? (
          'تمّت المزامنة'
        ) : (
          'لم تُحمَّل بعد'
        )}
      </Badge>
      {state.online && (
        <Button
          size="compact-xs"
          variant="subtle"
          loading={state.syncing}
          onClick={() => void syncNow()}
          leftSection={<IconRefresh size={14} aria-hidden />}
        >
          مزامنة
        </Button>
      )}
    </Group>
  );
}
