import { findTemplate, type MessageStatus, messageStatusLabels } from '@idara/domain';
import { Button, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowDown,
  IconCheck,
  IconChecks,
  IconClock,
  IconFileText,
  IconHistory,
  IconMessages,
  IconTemplate,
  IconTrash,
} from '@tabler/icons-react';
import { Fragment, type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { RetryButton } from '../../components/feedback';
import classes from './Whatsapp.module.css';
import type { WhatsappMedia, WhatsappMessage } from './whatsapp-api';
import { dayKey, dayLabel, formatTime } from './whatsapp-format';

/** Wraps every run of digits (numbers, dates, times) in <bdi> so it keeps its order in Arabic text. */
export function Digits({ children }: { children: string }) {
  const parts = children.split(/(\d[\d/:.,]*\d|\d)/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed split of one string
          <bdi key={i}>{part}</bdi>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed split of one string
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** Status ticks of an outgoing message, named for screen readers. */
export function StatusTick({ status, sending = false }: { status: MessageStatus; sending?: boolean }) {
  const label = sending ? 'جارٍ الإرسال' : messageStatusLabels[status];
  const icon =
    sending || status === 'queued' ? (
      <IconClock size={14} stroke={2} />
    ) : status === 'sent' ? (
      <IconCheck size={15} stroke={2.2} />
    ) : status === 'failed' ? (
      <IconAlertCircle size={15} stroke={2} />
    ) : (
      <IconChecks size={15} stroke={2.2} />
    );
  return (
    <span
      className={classes.tick}
      role="img"
      aria-label={label}
      title={label}
      data-status={sending ? 'sending' : status}
      data-testid="wa-status"
    >
      {icon}
    </span>
  );
}

const mediaLabels: Record<string, string> = {
  image: 'صورة',
  document: 'مستند',
  audio: 'رسالة صوتية',
  video: 'فيديو',
};

/** The body repeats what the media preview already shows (a file name, or '[صورة]' for media without a caption). */
const bodyRepeatsMedia = (body: string, media: WhatsappMedia | null) =>
  Boolean(media && (body === media.fileName || /^\[[^\]]+\]$/.test(body)));

function MediaPreview({ media, onLoad }: { media: WhatsappMedia; onLoad?: () => void }) {
  if (media.type === 'image' && media.link) {
    return (
      <a href={media.link} target="_blank" rel="noopener noreferrer" className={classes.thumbLink}>
        <img
          src={media.link}
          alt={media.caption || 'صورة مرفقة'}
          className={classes.thumb}
          loading="lazy"
          onLoad={onLoad}
        />
      </a>
    );
  }
  const name = media.fileName || mediaLabels[media.type] || 'مستند';
  const content = (
    <>
      <ThemeIcon size={32} radius="md" variant="light" color="red">
        <IconFileText size={18} />
      </ThemeIcon>
      <span className={classes.docName} dir="auto" title={name}>
        {name}
      </span>
    </>
  );
  return media.link ? (
    <a
      href={media.link}
      target="_blank"
      rel="noopener noreferrer"
      className={classes.doc}
      aria-label={`فتح الملف ${name}`}
    >
      {content}
    </a>
  ) : (
    <div className={classes.doc}>{content}</div>
  );
}

/** A message not yet answered by the server (optimistic), or one that failed to reach it. */
export interface PendingMessage {
  key: string;
  text: string;
  template: string | null;
  createdAt: string;
  state: 'sending' | 'failed';
  error?: string;
}

export interface BubbleProps {
  direction: 'in' | 'out';
  body: string;
  template: string | null;
  media: WhatsappMedia | null;
  createdAt: string;
  status?: MessageStatus;
  error?: string;
  sentByName?: string | null;
  pending?: PendingMessage['state'];
  id?: string;
  onMediaLoad?: () => void;
  footer?: ReactNode;
}

/** One message bubble: incoming at the start side, outgoing at the end side with its status. */
export function MessageBubble({
  direction,
  body,
  template,
  media,
  createdAt,
  status = 'queued',
  error,
  sentByName,
  pending,
  id,
  onMediaLoad,
  footer,
}: BubbleProps) {
  const out = direction === 'out';
  const templateLabel = template ? (findTemplate(template)?.label ?? template) : null;
  const failed = pending === 'failed' || (!pending && out && status === 'failed');
  const time = formatTime(createdAt);
  return (
    <div
      className={classes.row}
      data-direction={direction}
      data-testid="wa-message"
      data-id={id}
      data-status={pending ? `pending-${pending}` : status}
    >
      <div
        className={classes.bubble}
        data-pending={pending ? '' : undefined}
        data-failed={failed ? '' : undefined}
      >
        <span style={srOnlyInBubble}>{out ? 'رسالة مرسلة' : 'رسالة من العميل'}</span>
        {templateLabel && (
          <div className={classes.templateTag}>
            <IconTemplate size={13} aria-hidden />
            <span>قالب: {templateLabel}</span>
          </div>
        )}
        {media && <MediaPreview media={media} onLoad={onMediaLoad} />}
        {body && !bodyRepeatsMedia(body, media) && (
          <div className={classes.text} dir="auto">
            {body}
          </div>
        )}
        <div className={classes.meta}>
          {out && sentByName && <span className={classes.sender}>{sentByName}</span>}
          <bdi style={{ whiteSpace: 'nowrap' }}>{time}</bdi>
          {out && (
            <StatusTick status={pending === 'failed' ? 'failed' : status} sending={pending === 'sending'} />
          )}
        </div>
      </div>
      {!pending && out && status === 'failed' && (
        <div className={classes.failure} role="note">
          <IconAlertCircle size={14} aria-hidden />
          <span>
            {messageStatusLabels.failed}
            {error ? `: ${error}` : ''}
          </span>
        </div>
      )}
      {footer}
    </div>
  );
}

/** Text for screen readers only (in flow, so it cannot widen a scrolled container). */
export function SrOnly({ children }: { children: ReactNode }) {
  return <span style={srOnly}>{children}</span>;
}

const srOnly = {
  display: 'inline-block',
  inlineSize: 1,
  blockSize: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

/** Inside a bubble (positioned), out of flow so it adds no line. */
const srOnlyInBubble = { ...srOnly, position: 'absolute', insetBlockStart: 0, insetInlineStart: 0 } as const;

function DaySeparator({ date }: { date: string }) {
  const { day, hijri, gregorian } = dayLabel(date);
  return (
    <div className={classes.day} data-testid="wa-day">
      <span>{day}</span>
      <span className={classes.daySep} aria-hidden>
        ·
      </span>
      <Digits>{hijri}</Digits>
      <span className={classes.daySep} aria-hidden>
        ·
      </span>
      <bdi>{gregorian}</bdi>
    </div>
  );
}

interface Item {
  id: string;
  createdAt: string;
  mine: boolean;
  node: (onMediaLoad: () => void) => ReactNode;
}

export function messageItems(messages: WhatsappMessage[], myId: string | undefined): Item[] {
  return messages.map((m) => ({
    id: m._id,
    createdAt: m.createdAt,
    mine: m.direction === 'out' && m.sentBy === myId,
    node: (onMediaLoad) => (
      <MessageBubble
        id={m._id}
        direction={m.direction}
        body={m.body}
        template={m.template}
        media={m.media}
        createdAt={m.createdAt}
        status={m.status}
        error={m.error}
        sentByName={m.sentByName}
        onMediaLoad={onMediaLoad}
      />
    ),
  }));
}

export function pendingItems(
  pending: PendingMessage[],
  actions: { onRetry: (key: string) => void; onDiscard: (key: string) => void },
): Item[] {
  return pending.map((p) => ({
    id: `pending-${p.key}`,
    createdAt: p.createdAt,
    mine: true,
    node: () => (
      <MessageBubble
        direction="out"
        body={p.text}
        template={p.template}
        media={null}
        createdAt={p.createdAt}
        pending={p.state}
        footer={
          p.state === 'failed' && (
            <div className={classes.failure} role="alert">
              <IconAlertCircle size={14} aria-hidden />
              <span>لم تُرسل{p.error ? `: ${p.error}` : ''}</span>
              <Group gap={4} wrap="nowrap">
                <RetryButton
                  size="compact-xs"
                  radius={undefined}
                  variant="subtle"
                  onRetry={() => actions.onRetry(p.key)}
                />
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="gray"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => actions.onDiscard(p.key)}
                >
                  حذف
                </Button>
              </Group>
            </div>
          )
        }
      />
    ),
  }));
}

const NEAR_BOTTOM_PX = 96;

/**
 * The scrolling list of a conversation: day separators, "load older" at the top (the reading position
 * is kept when older messages arrive), opens at the newest message and follows new ones while the
 * reader is at the bottom; otherwise a "new messages" button appears.
 */
export function MessageList({
  items,
  hasOlder = false,
  loadingOlder = false,
  onLoadOlder,
  empty,
  label = 'الرسائل',
}: {
  items: Item[];
  hasOlder?: boolean;
  loadingOlder?: boolean;
  onLoadOlder?: () => void;
  empty?: ReactNode;
  label?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** Distance of the view from the end of the content: unchanged when older messages are put on top. */
  const fromBottom = useRef(0);
  const seen = useRef<{ first?: string; last?: string; count: number } | null>(null);
  const [unseen, setUnseen] = useState(0);

  const toBottom = useCallback((smooth = false) => {
    const el = ref.current;
    if (!el) return;
    el.scrollTo({ top: el.scrollHeight, behavior: smooth ? 'smooth' : 'auto' });
    atBottom.current = true;
    setUnseen(0);
  }, []);

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    fromBottom.current = el.scrollHeight - el.scrollTop;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (atBottom.current) setUnseen(0);
  }, []);

  const first = items[0]?.id;
  const last = items[items.length - 1]?.id;
  const count = items.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list's ends change
  useLayoutEffect(() => {
    const el = ref.current;
    const prev = seen.current;
    seen.current = { first, last, count };
    if (!el) return;
    if (!prev || prev.count === 0) {
      el.scrollTop = el.scrollHeight;
      atBottom.current = true;
    } else if (last === prev.last && first !== prev.first) {
      el.scrollTop = el.scrollHeight - fromBottom.current;
    } else if (last !== prev.last && count > prev.count) {
      const newest = items[items.length - 1];
      if (atBottom.current || newest?.mine) toBottom(true);
      else setUnseen((n) => n + (count - prev.count));
    }
    fromBottom.current = el.scrollHeight - el.scrollTop;
  }, [first, last, count, toBottom]);

  // The list's box shrinks when a banner appears above it, and its content grows when the font or an
  // image loads: a reader at the newest message stays there.
  useEffect(() => {
    const el = ref.current;
    const content = contentRef.current;
    if (!el || !content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
      fromBottom.current = el.scrollHeight - el.scrollTop;
    });
    observer.observe(el);
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  const onMediaLoad = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    if (atBottom.current) el.scrollTop = el.scrollHeight;
    fromBottom.current = el.scrollHeight - el.scrollTop;
  }, []);

  let lastDay = '';
  return (
    <div className={classes.listWrap}>
      <div
        ref={ref}
        className={classes.scroller}
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        onScroll={measure}
        data-testid="wa-log"
      >
        <div ref={contentRef} className={classes.content}>
          {hasOlder ? (
            <Button
              className={classes.older}
              size="compact-sm"
              variant="white"
              color="gray"
              leftSection={<IconHistory size={15} />}
              loading={loadingOlder}
              onClick={() => {
                measure();
                onLoadOlder?.();
              }}
            >
              عرض الرسائل الأقدم
            </Button>
          ) : (
            count > 0 && <div className={classes.start}>بداية المحادثة</div>
          )}
          {count === 0 && empty}
          {items.map((item) => {
            const key = dayKey(item.createdAt);
            const separator = key !== lastDay ? <DaySeparator date={item.createdAt} /> : null;
            lastDay = key;
            return (
              <Fragment key={item.id}>
                {separator}
                {item.node(onMediaLoad)}
              </Fragment>
            );
          })}
        </div>
      </div>
      {unseen > 0 && (
        <div className={classes.jump}>
          <Button size="compact-sm" leftSection={<IconArrowDown size={15} />} onClick={() => toBottom(true)}>
            رسائل جديدة (<bdi>{unseen}</bdi>)
          </Button>
        </div>
      )}
    </div>
  );
}

export function ConversationEmpty({ text }: { text: string }) {
  return (
    <Stack align="center" gap="xs" py="xl" ta="center" my="auto" data-testid="wa-empty">
      <ThemeIcon size={52} variant="light" color="green">
        <IconMessages size={26} />
      </ThemeIcon>
      <Text fw={600}>لا توجد رسائل بعد</Text>
      <Text size="sm" c="dimmed" maw={320}>
        {text}
      </Text>
    </Stack>
  );
}

/** Placeholder bubbles while the conversation loads. */
export function ConversationSkeleton() {
  return (
    <Stack gap="sm" p="md" role="status" aria-label="جارٍ تحميل المحادثة…" style={{ flex: 1 }}>
      {[60, 40, 70, 35, 55].map((w, i) => (
        <Skeleton
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          key={i}
          h={44}
          w={`${w}%`}
          radius="lg"
          style={{ alignSelf: i % 2 ? 'flex-end' : 'flex-start' }}
        />
      ))}
    </Stack>
  );
}
