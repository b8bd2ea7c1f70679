import {
  type ArabicPluralForms,
  arabicPlural,
  formatDateTime,
  formatRelative,
  HOURS_ACCUSATIVE,
} from '@idara/domain';
import { Alert, Button, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArchive, IconDatabaseExport } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-error';
import { notify } from '../../lib/toast';
import { formatBytes } from '../form/renderer/attachments';
import { type BackupStatus, backupsQuery, createBackup } from './backup-api';
import { ASK_ADMIN, Mono, TechnicalInfo, TechnicalItem, useIsAdmin } from './TechnicalInfo';

const COPIES: ArabicPluralForms = {
  one: 'نسخة واحدة',
  two: 'نسختين',
  few: '{n} نسخ',
  many: '{n} نسخة',
  other: '{n} نسخة',
};

function scheduleText(s: BackupStatus) {
  const kept = `ويُحتفظ بآخر ${arabicPlural(s.keep, COPIES)}`;
  if (s.intervalHours <= 0) return `النسخ التلقائي متوقف، ${kept}.`;
  const every = s.intervalHours === 1 ? 'ساعة' : arabicPlural(s.intervalHours, HOURS_ACCUSATIVE);
  return `تُؤخذ نسخة تلقائياً كل ${every} دون إيقاف النظام، ${kept}.`;
}

/** Where the copies are, how the schedule is set and how a copy is restored: for the administrator. */
function BackupTechnical({ status }: { status: BackupStatus }) {
  return (
    <TechnicalInfo testId="backup-technical">
      <TechnicalItem label="مجلد النسخ على الخادم">
        <Mono block>{status.dir}</Mono>
      </TechnicalItem>
      <TechnicalItem label="جدول النسخ التلقائي">
        يُضبط بالمتغير <Mono>BACKUP_INTERVAL_HOURS</Mono> (بالساعات، والصفر يوقفه)، وهو الآن{' '}
        <Mono>{status.intervalHours}</Mono>.
      </TechnicalItem>
      <TechnicalItem label="الاستعادة">
        {status.engine === 'pglite' ? (
          <>
            تُستعاد النسخة على الخادم إلى مجلد جديد فارغ، ثم يُشغَّل النظام عليه (<Mono>DATA_DIR</Mono>):
            <Mono block>npm run restore -- &lt;file&gt; &lt;new-data-dir&gt;</Mono>
          </>
        ) : (
          <>
            نسخ PostgreSQL مأخوذة بأداة <Mono>pg_dump</Mono> وتُستعاد بأداة <Mono>pg_restore</Mono> إلى قاعدة
            بيانات جديدة، كما في دليل النشر (<Mono>docs/DEPLOY.md</Mono>).
          </>
        )}
      </TechnicalItem>
    </TechnicalInfo>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div style={{ minWidth: 0, flex: '1 1 160px' }}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{children}</Text>
    </div>
  );
}

function BackupList({ status, showFiles }: { status: BackupStatus; showFiles: boolean }) {
  if (status.data.length === 0) {
    return (
      <Stack align="center" gap={4} py="md" ta="center" data-testid="backup-empty">
        <IconArchive size={28} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text fw={600}>لا توجد نسخ احتياطية بعد</Text>
        <Text size="sm" c="dimmed">
          اضغط «نسخة احتياطية الآن» لأخذ أول نسخة.
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="backup-list">
      {status.data.map((b) => (
        <Group
          key={b.file}
          component="li"
          justify="space-between"
          wrap="nowrap"
          gap="sm"
          py="xs"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={500}>
              <bdi>{formatDateTime(b.createdAt)}</bdi>
            </Text>
            {showFiles && (
              <Text size="xs" c="dimmed" dir="ltr" ta="right" truncate="start" title={b.file}>
                {b.name}
              </Text>
            )}
          </div>
          <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
            <bdi>{formatBytes(b.size)}</bdi>
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** Settings → «النسخ الاحتياطي»: the last backup, the schedule, the files, and a backup on demand. */
export function BackupSection() {
  const queryClient = useQueryClient();
  const { data, isPending, isError, error } = useQuery(backupsQuery);
  const [busy, setBusy] = useState(false);
  const isAdmin = useIsAdmin();

  const backupNow = async () => {
    setBusy(true);
    try {
      const made = await createBackup();
      notify.success(`تم إنشاء النسخة الاحتياطية (${formatBytes(made.size)})`);
    } catch {
      // api() has shown the server's Arabic reason; the list below shows it too.
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: backupsQuery.queryKey });
    }
  };

  const latest = data?.data[0];
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="backup-section">
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <Title order={2} fz="h4">
          النسخ الاحتياطي
        </Title>
        <Button
          type="button"
          variant="light"
          onClick={backupNow}
          loading={busy}
          disabled={isPending}
          leftSection={<IconDatabaseExport size={18} />}
        >
          نسخة احتياطية الآن
        </Button>
      </Group>
      {busy && (
        <Stack gap={4} mb="md" role="status">
          <Text size="sm">جارٍ إنشاء النسخة الاحتياطية، يستمر العمل في النظام أثناءها…</Text>
          <Progress value={100} animated striped aria-label="جارٍ إنشاء النسخة الاحتياطية" />
        </Stack>
      )}
      {isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="جارٍ تحميل النسخ الاحتياطية">
          <Skeleton h={14} w="70%" />
          <Group>
            <Skeleton h={36} w={160} />
            <Skeleton h={36} w={120} />
          </Group>
          <Skeleton h={40} />
        </Stack>
      ) : isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="تعذر تحميل النسخ الاحتياطية">
          {errorMessage(error)}
        </Alert>
      ) : (
        <Stack>
          <Text size="sm" c="dimmed">
            {scheduleText(data)}
          </Text>
          {data.lastError && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="فشلت آخر محاولة">
              <bdi>{data.lastError.message}</bdi> — {formatRelative(data.lastError.at)}
            </Alert>
          )}
          <Group gap="lg" align="flex-start">
            <Figure label="آخر نسخة احتياطية">
              {data.lastSuccessAt ? (
                <>
                  <bdi>{formatDateTime(data.lastSuccessAt)}</bdi>{' '}
                  <Text span size="sm" c="dimmed" fw={400}>
                    ({formatRelative(data.lastSuccessAt)})
                  </Text>
                </>
              ) : (
                'لا توجد'
              )}
            </Figure>
            {latest && (
              <Figure label="حجمها">
                <bdi>{formatBytes(latest.size)}</bdi>
              </Figure>
            )}
          </Group>
          <BackupList status={data} showFiles={isAdmin} />
          {isAdmin ? (
            <BackupTechnical status={data} />
          ) : (
            <Text size="xs" c="dimmed" data-testid="backup-ask-admin">
              تُحفظ النسخ على الخادم وتُستعاد عليه: لاستعادة نسخة أو تغيير موعد النسخ التلقائي {ASK_ADMIN}.
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}
