import { type AttentionDocument, hasAll } from '@idara/domain';
import { Anchor, Group, List, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { WarningAlert } from '../../components/feedback';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useAfterFirstPaint } from '../../lib/first-page';
import { useEinvoicing } from './einvoicing-api';

/** `GET /api/einvoicing/attention`. */

const SHOWN = 5;

const hoursSince = (iso: string) => Math.floor((Date.now() - new Date(iso).getTime()) / 3_600_000);

/** One kind of document needing attention: what to do, then the first few, each linked to its page. */
function AttentionList({
  title,
  documents,
  detail,
}: {
  title: string;
  documents: AttentionDocument[] | undefined;
  /** What follows a document's link (ZATCA's first message, the hours since issuing). */
  detail: (d: AttentionDocument) => ReactNode;
}) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <List size="sm" spacing={2}>
        {documents?.slice(0, SHOWN).map((d) => (
          <List.Item key={d._id}>
            <Anchor component={Link} to={`/dashboard/invoice/${d._id}`} size="sm">
              <bdi>{d.number}</bdi> — {d.buyerName}
            </Anchor>
            {detail(d)}
          </List.Item>
        ))}
      </List>
    </div>
  );
}

/**
 * On the home screen, for those who read invoices: documents ZATCA rejected and simplified ones still
 * unreported near the 24-hour limit, each linked to its page. After the first paint, and with
 * `hasAll`, like the backup warning; the list is fetched only when the counts say there is one.
 */
export function EinvoicingWarning() {
  const { user } = useAuth();
  const painted = useAfterFirstPaint();
  const { data } = useEinvoicing(painted && hasAll(user?.permissions, ['invoice:read']));
  const needed = Boolean(data && (data.attention.rejected > 0 || data.attention.overdue > 0));
  const list = useQuery({
    queryKey: ['einvoicing', 'attention'],
    queryFn: () => api('/api/einvoicing/attention'),
    enabled: needed,
  });
  if (!data || !needed) return null;
  return (
    <WarningAlert color="red" title="فواتير إلكترونية تحتاج انتباهك" data-testid="einvoicing-warning">
      {list.isPending ? (
        <Skeleton height={48} radius="md" />
      ) : (
        <Stack gap="sm">
          {data.attention.rejected > 0 && (
            <AttentionList
              title={`رفضتها الهيئة (${data.attention.rejected}): صحّح السبب ثم أصدر إشعاراً أو وثيقة بدلها`}
              documents={list.data?.rejected}
              detail={(d) =>
                d.zatcaMessages?.[0] && (
                  <Text size="xs" c="dimmed">
                    <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                      {d.zatcaMessages[0].code}
                    </bdi>{' '}
                    — {d.zatcaMessages[0].message}
                  </Text>
                )
              }
            />
          )}
          {data.attention.overdue > 0 && (
            <AttentionList
              title={`مبسطة لم تُبلّغ منذ أكثر من 20 ساعة (${data.attention.overdue}) — المهلة 24 ساعة؛ تحقق من ربط «فاتورة» في الإعدادات`}
              documents={list.data?.overdue}
              detail={(d) => (
                <>
                  {' '}
                  <Text span size="xs" c="dimmed">
                    منذ {hoursSince(d.issuedAt)} ساعة
                  </Text>
                </>
              )}
            />
          )}
          <Group>
            {data.attention.rejected > SHOWN && (
              <Anchor component={Link} to="/dashboard/invoice?status=rejected" size="sm">
                كل المرفوضة
              </Anchor>
            )}
            {data.attention.overdue > SHOWN && (
              <Anchor component={Link} to="/dashboard/invoice?status=pending" size="sm">
                كل المنتظرة
              </Anchor>
            )}
          </Group>
        </Stack>
      )}
    </WarningAlert>
  );
}
