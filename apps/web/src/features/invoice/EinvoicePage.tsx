import { einvoiceKindLabels, einvoiceTitle } from '@idara/domain';
import { Alert, Anchor, Button, Group, List, Skeleton, Stack, Text } from '@mantine/core';
import { IconCode, IconMinus, IconPlugConnectedX, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DateTime, Money } from '../../components/data-table';
import { LoadError } from '../../components/page';
import { useBusy } from '../../components/use-busy';
import { useCan } from '../../lib/auth';
import { DocumentFrame } from './DocumentFrame';
import { DocumentHeader, DownloadButton } from './DocumentHeader';
import { EinvoiceStatusBadge } from './einvoice-ui';
import {
  documentPath,
  downloadDocument,
  type EinvoiceDetails,
  refreshAfterDocument,
  useEinvoice,
} from './invoice-api';
import { NoteModal } from './NoteModal';

export default function EinvoicePage() {
  const { id } = useParams();
  const query = useEinvoice(id);
  if (query.isPending) return <Skeleton height={400} radius="lg" />;
  if (query.isError)
    return <LoadError query={query} backTo="/dashboard/invoice" backLabel="العودة إلى الفواتير" />;
  return <EinvoiceView doc={query.data} />;
}

function EinvoiceView({ doc }: { doc: EinvoiceDetails }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canCredit = useCan('invoice:credit');
  const canDebit = useCan('invoice:debit');
  const [busy, run] = useBusy<'pdf' | 'xml'>();
  const [note, setNote] = useState<'credit' | 'debit' | null>(null);
  const title = einvoiceTitle(doc.scope, doc.kind);
  const correctable = doc.kind === 'invoice' && doc.status !== 'rejected';

  const download = (format: 'pdf' | 'xml') =>
    void run(format, () => downloadDocument(doc._id, format, `${doc.number}.${format}`));

  return (
    <Stack gap="lg">
      <DocumentHeader
        title={
          <>
            {title} <bdi>{doc.number}</bdi>
          </>
        }
        badge={<EinvoiceStatusBadge status={doc.status} size="lg" />}
        orderTo={`/dashboard/order/${doc.order}`}
        orderNumber={doc.orderNumber}
        about={
          <>
            {doc.buyerName} — <DateTime value={doc.issuedAt} /> — <Money value={doc.total} />
          </>
        }
        actions={
          <>
            {correctable && canCredit && (
              <Button
                variant="light"
                color="orange"
                leftSection={<IconMinus size={18} />}
                onClick={() => setNote('credit')}
              >
                إشعار دائن
              </Button>
            )}
            {correctable && canDebit && (
              <Button variant="light" leftSection={<IconPlus size={18} />} onClick={() => setNote('debit')}>
                إشعار مدين
              </Button>
            )}
            <DownloadButton label="تحميل PDF" busy={busy === 'pdf'} onClick={() => download('pdf')} />
            {doc.phase === 2 && (
              <DownloadButton
                label="تحميل XML"
                icon={<IconCode size={18} />}
                busy={busy === 'xml'}
                onClick={() => download('xml')}
              />
            )}
          </>
        }
      >
        {doc.status === 'not_connected' && (
          <Alert mt="md" color="gray" icon={<IconPlugConnectedX size={18} />} title="غير مرتبط بمنصة فاتورة">
            صدرت هذه الوثيقة موقّعة بشهادة محلية، ولم تُرسل إلى هيئة الزكاة والضريبة والجمارك لأن المنشأة لم
            تُربط بمنصة «فاتورة» بعد.
          </Alert>
        )}
        {doc.zatcaMessages.length > 0 && (
          <Alert mt="md" color={doc.status === 'rejected' ? 'red' : 'orange'} title="ملاحظات الهيئة">
            <List size="sm">
              {doc.zatcaMessages.map((m) => (
                <List.Item key={`${m.code}-${m.message}`}>
                  <bdi>{m.code}</bdi>: {m.message}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {doc.status === 'rejected' && doc.kind === 'invoice' && (
          <Alert
            mt="md"
            color="red"
            variant="light"
            title="ليست فاتورة ضريبية"
            data-testid="rejected-next-step"
          >
            لا تُحسب هذه الوثيقة في أي رصيد ولا تُرسل للعميل. صحّح ما ذكرته الهيئة (بيانات العميل أو المنشأة)، ثم
            أصدر فاتورة الطلب من جديد من{' '}
            <Anchor component={Link} to={`/dashboard/order/${doc.order}`}>
              صفحة الطلب رقم <bdi>{doc.orderNumber}</bdi>
            </Anchor>
            : تصدر برقم جديد وتُرسل إلى الهيئة.
          </Alert>
        )}
        {doc.reason && (
          <Text mt="md" size="sm">
            السبب: {doc.reason}
          </Text>
        )}
        {doc.notes.length > 0 && (
          <Stack gap={4} mt="md">
            <Text size="sm" fw={600}>
              إشعارات على هذه الفاتورة
            </Text>
            {doc.notes.map((n) => (
              <Group key={n._id} gap="xs">
                <Anchor component={Link} to={documentPath(n._id)} size="sm">
                  {einvoiceKindLabels[n.kind]} <bdi>{n.number}</bdi>
                </Anchor>
                <Money value={n.total} />
                <EinvoiceStatusBadge status={n.status} size="sm" />
              </Group>
            ))}
          </Stack>
        )}
      </DocumentHeader>

      <DocumentFrame id={doc._id} title={`${title} ${doc.number}`} />

      <NoteModal
        invoice={doc}
        kind={note}
        onClose={() => setNote(null)}
        onIssued={(issued) => {
          setNote(null);
          refreshAfterDocument(queryClient);
          navigate(documentPath(issued._id));
        }}
      />
    </Stack>
  );
}
