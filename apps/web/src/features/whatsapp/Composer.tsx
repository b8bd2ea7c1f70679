import {
  composerTemplates,
  dueOf,
  formatSAR,
  fromHalalas,
  type MessageTemplate,
  type OrderRow,
  orderStatusLabels,
  toHalalas,
  whatsappSendBody,
} from '@idara/domain';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconSend, IconTemplate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { useCan } from '../../lib/auth';
import classes from './Whatsapp.module.css';
import type { WhatsappConfig } from './whatsapp-api';

/** Templates the composer offers: the domain's (they render the Arabic text), as far as the server knows them. */
export function availableTemplates(config: WhatsappConfig | undefined): MessageTemplate[] {
  if (!config) return composerTemplates;
  const names = new Set(config.templates.map((t) => t.name));
  return composerTemplates.filter((t) => names.has(t.name));
}

export const MAX_TEXT = 4096;

/**
 * Text box (Enter sends, Shift+Enter starts a new line), send button and the template picker. Outside
 * the service window free text is disabled and only templates can be sent.
 */
export function Composer({
  windowOpen,
  templates,
  onSendText,
  onOpenTemplates,
}: {
  windowOpen: boolean;
  templates: MessageTemplate[];
  onSendText: (text: string) => void;
  onOpenTemplates: () => void;
}) {
  const [draft, setDraft] = useState('');
  // Read and cleared synchronously, so a double click or a repeated Enter sends once.
  const draftRef = useRef('');
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const submit = () => {
    const text = draftRef.current.trim();
    if (!text || !windowOpen) return;
    draftRef.current = '';
    setDraft('');
    onSendText(text);
    inputRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <div className={classes.composer} data-testid="wa-composer">
      <div className={classes.composerRow}>
        <Tooltip label="إرسال قالب">
          <ActionIcon
            size={40}
            variant="light"
            color="teal"
            aria-label="إرسال قالب"
            onClick={onOpenTemplates}
            disabled={templates.length === 0}
          >
            <IconTemplate size={20} />
          </ActionIcon>
        </Tooltip>
        <Textarea
          ref={inputRef}
          className={classes.composerInput}
          aria-label="نص الرسالة"
          placeholder={windowOpen ? 'اكتب رسالة…' : 'خارج نافذة المحادثة: أرسل قالباً معتمداً'}
          autosize
          minRows={1}
          maxRows={5}
          radius="xl"
          maxLength={MAX_TEXT}
          value={draft}
          disabled={!windowOpen}
          onChange={(e) => {
            draftRef.current = e.currentTarget.value;
            setDraft(e.currentTarget.value);
          }}
          onKeyDown={onKeyDown}
        />
        <Tooltip label="إرسال">
          <ActionIcon
            size={40}
            color="green"
            aria-label="إرسال"
            onClick={submit}
            disabled={!windowOpen || draft.trim() === ''}
          >
            <IconSend size={20} style={{ transform: 'scaleX(-1)' }} />
          </ActionIcon>
        </Tooltip>
      </div>
      {windowOpen && draft.length > MAX_TEXT - 200 && (
        <Text size="xs" c="dimmed" ta="end">
          <bdi>{draft.length}</bdi> / <bdi>{MAX_TEXT}</bdi>
        </Text>
      )}
    </div>
  );
}

/** The order columns a template reads (`fields=` below). */
type CustomerOrder = Pick<OrderRow, '_id' | 'number' | 'status' | 'total' | 'outstanding' | 'uninvoiced'>;

/** The amount as a template carries it: grouped digits, the template adds «ر.س». */
const amountText = (money: string) => formatSAR(toHalalas(money)).replace(' ر.س', '');

/** What an order gives a template parameter (`fromOrder`). */
function fromOrder(order: CustomerOrder, field: 'number' | 'total' | 'due') {
  if (field === 'number') return String(order.number);
  if (field === 'total') return amountText(order.total);
  const due = dueOf({ outstanding: toHalalas(order.outstanding), uninvoiced: toHalalas(order.uninvoiced) });
  return amountText(fromHalalas(due));
}

/**
 * The template picker: one small form per template's parameters and a live preview of the Arabic
 * text. Parameters an order fills (number, total, what is owed) come from one of the customer's
 * orders, picked from a list, when the user may read orders.
 */
export function TemplatePicker({
  opened,
  onClose,
  templates,
  customerId,
  customerName,
  onSend,
}: {
  opened: boolean;
  onClose: () => void;
  templates: MessageTemplate[];
  customerId: string;
  customerName: string;
  onSend: (template: MessageTemplate, params: Record<string, string>) => void;
}) {
  const [name, setName] = useState(templates[0]?.name ?? '');
  const [values, setValues] = useState<Record<string, string>>({});
  const [orderId, setOrderId] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const sent = useRef(false);
  const template = templates.find((t) => t.name === name) ?? templates[0];
  const canOrders = useCan('order:read');
  const needsOrder = canOrders && Boolean(template?.params.some((p) => p.fromOrder));
  const orders = useQuery({
    queryKey: ['/api/order', 'list', { customer: customerId, template: 'whatsapp' }],
    queryFn: ({ signal }) =>
      api('/api/order', {
        query: {
          customer: customerId,
          limit: 50,
          sort: '-createdAt',
          fields: '_id,number,status,total,outstanding,uninvoiced',
        },
        signal,
        stopAlert: true,
      }),
    enabled: opened && needsOrder,
  });
  const order = orders.data?.data.find((o) => o._id === orderId);

  // Each opening starts a fresh form, with the customer's name filled in.
  useEffect(() => {
    if (!opened) return;
    sent.current = false;
    setTried(false);
    setOrderId(null);
    setValues({ customerName });
  }, [opened, customerName]);

  const params = useMemo(() => {
    const out: Record<string, string> = {};
    for (const p of template?.params ?? []) {
      if (needsOrder && p.fromOrder) out[p.key] = order ? fromOrder(order, p.fromOrder) : '';
      else out[p.key] = (values[p.key] ?? '').trim();
    }
    return out;
  }, [template, values, needsOrder, order]);

  const errors = useMemo(() => {
    const out: Record<string, string> = {};
    if (!template) return out;
    if (needsOrder && !order) out.order = 'اختر الطلب';
    const parsed = whatsappSendBody.safeParse({ kind: 'template', template: template.name, params });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'params' ? String(issue.path[1]) : String(issue.path[0]);
        out[key] ??= issue.message;
      }
    }
    return out;
  }, [template, params, needsOrder, order]);

  const preview = template
    ? template.render(
        Object.fromEntries(template.params.map((p) => [p.key, params[p.key] || `[${p.label}]`])),
      )
    : '';

  const submit = () => {
    if (!template || sent.current) return;
    setTried(true);
    if (Object.keys(errors).length > 0) return;
    sent.current = true;
    onSend(template, params);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title="إرسال قالب" centered size="lg" radius="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Select
            label="القالب"
            data={templates.map((t) => ({ value: t.name, label: t.label }))}
            value={template?.name ?? null}
            onChange={(v) => {
              if (!v) return;
              setName(v);
              setTried(false);
            }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          {needsOrder && (
            <Select
              label="الطلب"
              withAsterisk
              placeholder={orders.isPending ? 'جارٍ تحميل الطلبات…' : 'اختر طلباً للعميل'}
              nothingFoundMessage="لا توجد طلبات لهذا العميل"
              data={(orders.data?.data ?? []).map((o) => ({
                value: o._id,
                label: `#${o.number} — ${formatSAR(toHalalas(o.total))} (${orderStatusLabels[o.status] ?? o.status})`,
              }))}
              value={orderId}
              onChange={setOrderId}
              error={tried ? errors.order : undefined}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {template?.params
            .filter((p) => !(needsOrder && p.fromOrder))
            .map((p) => (
              <TextInput
                key={`${template.name}-${p.key}`}
                label={p.label}
                withAsterisk
                aria-required
                maxLength={500}
                value={values[p.key] ?? ''}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  setValues((old) => ({ ...old, [p.key]: v }));
                }}
                error={tried ? errors[p.key] : undefined}
                dir={p.key === 'link' ? 'ltr' : undefined}
              />
            ))}
          <div>
            <Text size="sm" fw={500} mb={4} id="wa-template-preview-label">
              معاينة الرسالة
            </Text>
            <div
              className={classes.preview}
              role="status"
              aria-labelledby="wa-template-preview-label"
              aria-live="polite"
              data-testid="wa-template-preview"
            >
              <div className={classes.row} data-direction="out">
                <div className={`${classes.bubble} ${classes.previewBubble}`}>
                  <div className={classes.text}>{preview}</div>
                </div>
              </div>
            </div>
          </div>
          <Group justify="flex-end" gap="xs" mt="xs">
            <Button variant="default" onClick={onClose}>
              إلغاء
            </Button>
            <Button
              type="submit"
              color="green"
              leftSection={<IconSend size={16} style={{ transform: 'scaleX(-1)' }} />}
            >
              إرسال القالب
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
