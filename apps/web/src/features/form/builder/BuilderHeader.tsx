import { arabicPlural } from '@idara/domain';
import { ActionIcon, Alert, Badge, Button, Switch, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { IconArrowRight, IconDeviceFloppy, IconVersions } from '@tabler/icons-react';
import classes from './FormBuilder.module.css';

const TASKS = { one: 'مهمة واحدة', two: 'مهمتين', few: '{n} مهام', many: '{n} مهمة', other: '{n} مهمة' };

export interface BuilderHeaderProps {
  title: string;
  description: string;
  active: boolean;
  onTitle: (v: string) => void;
  onDescription: (v: string) => void;
  onActive: (v: boolean) => void;
  errors: Record<string, string>;
  /** Saved version (absent for a new form). */
  version?: number;
  /** Tasks that answered the form: saving then makes a new version. */
  submissionCount: number;
  currentVersionAnswered: boolean;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onBack: () => void;
  /** Phones: save lives in the bottom bar instead. */
  compact?: boolean;
}

/** The unsaved-changes note and the save button (header on wide screens, bottom bar on phones). */
export function SaveControls({
  dirty,
  saving,
  onSave,
}: {
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
}) {
  return (
    <>
      <Text size="xs" c="dimmed" aria-live="polite" miw={0}>
        {dirty ? 'تغييرات غير محفوظة' : ''}
      </Text>
      <Button
        leftSection={<IconDeviceFloppy size={18} />}
        loading={saving}
        onClick={onSave}
        aria-keyshortcuts="Control+S"
        data-testid="form-save"
      >
        حفظ
      </Button>
    </>
  );
}

/** Title, description, active switch, version, save and back. */
export function BuilderHeader(p: BuilderHeaderProps) {
  return (
    <header className={classes.header}>
      <div className={classes.headerRow}>
        <div className={classes.titleBox}>
          <Tooltip label="العودة إلى النماذج">
            <ActionIcon variant="subtle" size="lg" aria-label="العودة إلى النماذج" onClick={p.onBack}>
              <IconArrowRight size={20} />
            </ActionIcon>
          </Tooltip>
          <TextInput
            className={classes.titleInput}
            aria-label="عنوان النموذج"
            placeholder="عنوان النموذج"
            value={p.title}
            maxLength={150}
            onChange={(e) => p.onTitle(e.currentTarget.value)}
            error={p.errors.title}
            data-builder-prop="title"
            data-testid="form-title"
          />
        </div>
        <div className={classes.headerActions}>
          <Badge
            variant="light"
            color={p.version ? 'gray' : 'teal'}
            radius="sm"
            size="lg"
            leftSection={<IconVersions size={14} aria-hidden />}
            data-testid="form-version"
          >
            {p.version ? (
              <>
                الإصدار <bdi>{p.version}</bdi>
              </>
            ) : (
              'نموذج جديد'
            )}
          </Badge>
          <Switch
            label="فعّال"
            checked={p.active}
            onChange={(e) => p.onActive(e.currentTarget.checked)}
            data-testid="form-active"
          />
          {!p.compact && <SaveControls dirty={p.dirty} saving={p.saving} onSave={p.onSave} />}
        </div>
      </div>
      <Textarea
        aria-label="وصف النموذج"
        placeholder="وصف النموذج (اختياري): متى يُستخدم وما الذي يوثّقه"
        autosize
        minRows={1}
        maxRows={3}
        maxLength={2000}
        value={p.description}
        onChange={(e) => p.onDescription(e.currentTarget.value)}
        error={p.errors.description}
        size="sm"
        data-builder-prop="description"
      />
      {p.currentVersionAnswered && (
        <Alert
          variant="light"
          color="orange"
          icon={<IconVersions size={18} />}
          p="xs"
          data-testid="version-warning"
        >
          <Text size="sm">
            أُجيب على هذا النموذج في <bdi>{arabicPlural(p.submissionCount, TASKS)}</bdi>. عند الحفظ يُنشأ إصدار
            جديد (<bdi>{(p.version ?? 0) + 1}</bdi>)، وتبقى الإجابات السابقة على إصدارها كما هي.
          </Text>
        </Alert>
      )}
    </header>
  );
}
