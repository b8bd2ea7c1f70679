import {
  type ConversationCustomer,
  type ConversationPage,
  type InboxRow,
  SERVICE_WINDOW_MS,
  type ServiceWindow,
  statusRank,
  type WhatsappConfig,
  type WhatsappEvent,
  type WhatsappMedia,
  type WhatsappMessage,
  type WhatsappSendBody,
} from '@idara/domain';
import { type InfiniteData, type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** WhatsApp conversations (docs/API.md "WhatsApp"). */
export const WHATSAPP_PATH = '/api/whatsapp';
export const INBOX_BASE = '/dashboard/whatsapp';
export const conversationPath = (customerId: string) => `${INBOX_BASE}/${customerId}`;

/** Messages per page of a conversation; older pages load with `before`. */
export const PAGE_SIZE = 50;

/** One message, both ways; `body` is the Arabic text the customer reads (templates rendered). */
/** `GET /api/whatsapp/customer/:id`: one page, messages oldest first. */
export type {
  ConversationCustomer,
  ConversationPage,
  InboxRow,
  ServiceWindow,
  WhatsappConfig,
  /** What the socket event `whatsapp` carries. */
  WhatsappEvent,
  WhatsappMedia,
  WhatsappMessage,
};

export const configKey = [WHATSAPP_PATH, 'config'] as const;
export const conversationKey = (customerId: string) => [WHATSAPP_PATH, 'customer', customerId] as const;
export const inboxKey = [WHATSAPP_PATH, 'inbox'] as const;
export const inboxPhoneKey = (phone: string) => [WHATSAPP_PATH, 'inbox', phone] as const;

export function useWhatsappConfig() {
  return useQuery({
    queryKey: configKey,
    queryFn: ({ signal }) => api(`${WHATSAPP_PATH}/config`, { stopAlert: true, signal }),
    staleTime: 5 * 60_000,
  });
}

export type ConversationData = InfiniteData<ConversationPage, string | undefined>;

/** The conversation, newest page first in `pages`; `fetchNextPage` loads older messages. */
export function useConversation(customerId: string) {
  return useInfiniteQuery({
    queryKey: conversationKey(customerId),
    queryFn: ({ pageParam, signal }) =>
      api(`${WHATSAPP_PATH}/customer/${customerId}`, {
        query: { before: pageParam, limit: PAGE_SIZE },
        stopAlert: true,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) =>
      last.hasMore && last.messages.length ? last.messages[0].createdAt : undefined,
    retry: false,
    enabled: Boolean(customerId),
  });
}

/** All loaded messages, oldest first. */
export function flattenConversation(data: { pages: ConversationPage[] } | undefined): WhatsappMessage[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: WhatsappMessage[] = [];
  for (let i = data.pages.length - 1; i >= 0; i--) {
    for (const m of data.pages[i].messages) {
      if (seen.has(m._id)) continue;
      seen.add(m._id);
      out.push(m);
    }
  }
  return out;
}

const time = (iso: string) => new Date(iso).getTime();

/** Merges a pushed or answered message into one page; statuses only move forward. */
function mergeInto(messages: WhatsappMessage[], message: WhatsappMessage): WhatsappMessage[] | null {
  const index = messages.findIndex((m) => m._id === message._id);
  if (index < 0) return null;
  const old = messages[index];
  const next =
    statusRank(message.status) >= statusRank(old.status)
      ? { ...old, ...message }
      : { ...message, status: old.status, statusAt: old.statusAt, error: old.error };
  // Status pushes and repeated answers carry no sender name: keep the one already shown.
  next.sentByName = message.sentByName ?? old.sentByName;
  const copy = messages.slice();
  copy[index] = next;
  return copy;
}

/**
 * Applies a message to the cached conversation: an update in place when it is loaded, otherwise it is
 * inserted into the newest page in time order — unless it is older than what is loaded (it belongs to
 * a page not fetched yet). An inbound message reopens the service window.
 */
export function applyMessage(
  data: ConversationData | undefined,
  message: WhatsappMessage,
): ConversationData | undefined {
  if (!data || data.pages.length === 0) return data;
  for (let p = 0; p < data.pages.length; p++) {
    const merged = mergeInto(data.pages[p].messages, message);
    if (merged) {
      const pages = data.pages.slice();
      pages[p] = { ...pages[p], messages: merged };
      return { ...data, pages };
    }
  }
  const oldestPage = data.pages[data.pages.length - 1];
  const oldest = oldestPage.messages[0];
  if (oldestPage.hasMore && oldest && time(message.createdAt) < time(oldest.createdAt)) return data;
  const first = data.pages[0];
  const messages = first.messages.slice();
  let at = messages.length;
  while (at > 0 && time(messages[at - 1].createdAt) > time(message.createdAt)) at--;
  messages.splice(at, 0, message);
  let window = first.window;
  if (message.direction === 'in') {
    const until = new Date(time(message.createdAt) + SERVICE_WINDOW_MS).toISOString();
    if (!window.until || time(window.until) < time(until)) window = { open: true, until };
  }
  return { ...data, pages: [{ ...first, messages, window }, ...data.pages.slice(1)] };
}

export function updateConversation(
  queryClient: QueryClient,
  customerId: string,
  message: WhatsappMessage,
): void {
  queryClient.setQueryData<ConversationData>(conversationKey(customerId), (data) =>
    applyMessage(data, message),
  );
}

export type SendBody = WhatsappSendBody;

export function sendMessage(customerId: string, body: SendBody): Promise<WhatsappMessage> {
  return api(`${WHATSAPP_PATH}/customer/${customerId}`, {
    method: 'POST',
    body,
    stopAlert: true,
  });
}

export function useInbox() {
  return useQuery({
    queryKey: inboxKey,
    queryFn: ({ signal }) => api(`${WHATSAPP_PATH}/inbox`, { stopAlert: true, signal }),
    select: (r) => r.data,
  });
}

export function useInboxMessages(phone: string | null) {
  return useQuery({
    queryKey: inboxPhoneKey(phone ?? ''),
    queryFn: ({ signal }) =>
      api(`${WHATSAPP_PATH}/inbox/${encodeURIComponent(phone ?? '')}`, {
        stopAlert: true,
        signal,
      }),
    select: (r) => r.messages,
    enabled: Boolean(phone),
    retry: false,
  });
}

export function createCustomerFromInbox(phone: string, name: string) {
  return api(`${WHATSAPP_PATH}/inbox/${encodeURIComponent(phone)}/customer`, {
    method: 'POST',
    body: { name },
    stopAlert: true,
  });
}

/**
 * A v4 UUID for `idempotencyKey`. `crypto.randomUUID` exists only in secure contexts (https,
 * localhost); on a plain-http LAN address the same is built from `getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
