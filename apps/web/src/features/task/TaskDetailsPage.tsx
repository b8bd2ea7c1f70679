import {
  type Answers,
  type FormField,
  formatHijriDate,
  hasAll,
  taskReviewBody,
  taskStatusLabels,
  validateAnswers,
} from '@idara/domain';
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowRight,
  IconChecklist,
  IconCircleCheck,
  IconDeviceFloppy,
  IconForms,
  IconMessageReport,
  IconPlayerPlay,
  IconSend,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { DateText } from '../../components/bidi';
import { ask } from '../../components/confirm';
import { DialogForm, DialogNote, useDialogValue } from '../../components/DialogForm';
import { RecordNumber, useDeleteRecord } from '../../components/data-table';
import {
  DeleteAction,
  DetailsHeader,
  DetailsTitle,
  EditAction,
  useUnsavedChangesGuard,
} from '../../components/entity';
import { InfoAlert } from '../../components/feedback';
import { InfoItem, RecordPage, Section } from '../../components/page';
import { useBusy } from '../../components/use-busy';
import { isApiError } from '../../lib/api-error';
import { can, useAuth, useCan } from '../../lib/auth';
import { notify } from '../../lib/toast';
import { useNow } from '../../lib/use-now';
import { answerErrorsOf, FormRenderer } from '../form/renderer/FormRenderer';
import classes from './Task.module.css';
import { TaskFormModal } from './TaskFormModal';
import {
  afterTaskChanged,
  loadTaskFile,
  MY_TASKS_BASE,
  reviewTask,
  saveTaskAnswers,
  startTask,
  submitTask,
  TASK_LIST_BASE,
  TASK_PATH,
  type Task,
  taskKey,
  uploadTaskFile,
  useTask,
} from './task-api';
import { TaskStatusBadge, TimeLeftBadge } from './task-ui';

export default function TaskDetailsPage() {
  return (
    <RecordPage useRecord={useTask} sections={3} backTo={MY_TASKS_BASE} backLabel="العودة إلى مهامي">
      {(task) => <TaskDetails task={task} />}
    </RecordPage>
  );
}

/** Statuses in which the assignee fills the form (a pending task is started first). */
const FILLING = new Set(['in_progress', 'returned']);

function TaskDetails({ task }: { task: Task }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const canDelete = useCan('task:delete');
  const now = useNow();
  const [editOpen, setEditOpen] = useState(false);
  const [reviewing, setReviewing] = useState<'approve' | 'return' | null>(null);
  const [starting, setStarting] = useState(false);

  const remove = useDeleteRecord(TASK_PATH, {
    onDeleted: (id) => {
      queryClient.removeQueries({ queryKey: taskKey(id) });
      navigate(can(user, ['task:details']) ? TASK_LIST_BASE : MY_TASKS_BASE, { replace: true });
    },
  });

  const start = async () => {
    setStarting(true);
    try {
      const saved = await startTask(task._id);
      afterTaskChanged(queryClient, saved);
      if (!saved?.can) await queryClient.invalidateQueries({ queryKey: taskKey(task._id) });
      notify.success('بدأت المهمة، يمكنك الآن تعبئة النموذج');
    } catch {
      void queryClient.invalidateQueries({ queryKey: taskKey(task._id) });
    } finally {
      setStarting(false);
    }
  };

  const needsStart = task.can.work && task.status === 'pending';
  const filling = task.can.work && FILLING.has(task.status);
  // The assignee sent it for review: someone else approves or returns it (the server refuses it too).
  const ownSubmission = task.status === 'submitted' && task.assignee === user?._id;
  const reviewable = task.can.review && task.status === 'submitted' && !ownSubmission;
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate(MY_TASKS_BASE));

  return (
    <Stack gap="lg">
      <div>
        <Button variant="subtle" size="compact-sm" leftSection={<IconArrowRight size={16} />} onClick={back}>
          رجوع
        </Button>
      </div>

      <DetailsHeader
        wideLead
        avatar={{ size: 52, color: 'grape', visibleFrom: 'xs', children: <IconChecklist size={26} /> }}
        actions={
          <>
            {needsStart && (
              <Button
                leftSection={<IconPlayerPlay size={16} />}
                loading={starting}
                onClick={() => void start()}
              >
                بدء المهمة
              </Button>
            )}
            {reviewable && (
              <>
                <Button
                  color="teal"
                  leftSection={<IconCircleCheck size={16} />}
                  onClick={() => setReviewing('approve')}
                >
                  اعتماد
                </Button>
                <Button
                  color="orange"
                  variant="light"
                  leftSection={<IconArrowBackUp size={16} />}
                  onClick={() => setReviewing('return')}
                >
                  إعادة للتعديل
                </Button>
              </>
            )}
            {task.can.edit && <EditAction onClick={() => setEditOpen(true)} />}
            {canDelete && (
              <DeleteAction onClick={() => remove({ _id: task._id, name: `المهمة رقم ${task.number}` })} />
            )}
          </>
        }
      >
        <Group gap="xs" wrap="wrap">
          <RecordNumber value={task.number} c="dimmed" size="sm" />
          <span data-testid="task-status-badge">
            <TaskStatusBadge status={task.status} />
          </span>
          <TimeLeftBadge dueAt={task.dueAt} status={task.status} now={now} />
        </Group>
        <DetailsTitle>{task.title}</DetailsTitle>
        {task.assigneeName && (
          <Text size="sm" c="dimmed">
            المكلّف: {task.assigneeName}
          </Text>
        )}
      </DetailsHeader>

      {ownSubmission && hasAll(user?.permissions, ['task:update']) && (
        <Alert color="blue" variant="light" radius="lg" data-testid="own-submission">
          أرسلت هذه المهمة للمراجعة بنفسك، فيعتمدها أو يعيدها للتعديل زميل آخر.
        </Alert>
      )}

      {task.status === 'returned' && task.review && (
        <Alert
          color="orange"
          variant="filled"
          radius="lg"
          icon={<IconMessageReport size={22} />}
          title="أُعيدت المهمة للتعديل"
          data-testid="returned-note"
          role="alert"
        >
          <Stack gap={6}>
            <Text size="sm" className={classes.returnedNote} fw={500}>
              {task.review.note}
            </Text>
            <ReviewBy review={task.review} />
          </Stack>
        </Alert>
      )}

      <TaskInfo task={task} />

      {task.review && task.status !== 'returned' && (
        <Section title="المراجعة">
          <Stack gap="xs" data-testid="task-review">
            <Text size="sm" fw={600} c={task.status === 'approved' ? 'teal' : undefined}>
              {task.status === 'approved' ? 'اعتُمدت المهمة' : 'رُوجعت المهمة'}
            </Text>
            {task.review.note && (
              <Text size="sm" className={classes.returnedNote}>
                {task.review.note}
              </Text>
            )}
            <ReviewBy review={task.review} />
          </Stack>
        </Section>
      )}

      <TaskWork
        key={`${task._id}:${task.updatedAt}:${task.status}`}
        task={task}
        needsStart={needsStart}
        filling={filling}
        starting={starting}
        onStart={() => void start()}
      />

      {task.can.edit && (
        <TaskFormModal opened={editOpen} taskId={task._id} onClose={() => setEditOpen(false)} />
      )}
      <ReviewModal task={task} decision={reviewing} onClose={() => setReviewing(null)} />
    </Stack>
  );
}

function ReviewBy({ review }: { review: NonNullable<Task['review']> }) {
  if (!review.byName && !review.at) return null;
  return (
    <Text size="xs" style={{ opacity: 0.85 }}>
      {review.byName ? `بواسطة ${review.byName}` : ''}
      {review.byName && review.at ? ' · ' : ''}
      {review.at && <DateText value={review.at} />}
    </Text>
  );
}

function TaskInfo({ task }: { task: Task }) {
  const canCustomer = useCan('customer:details');
  const canOrder = useCan('order:details');
  return (
    <Section title="تفاصيل المهمة">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="md">
        <div style={{ gridColumn: '1 / -1', minWidth: 0 }}>
          <InfoItem label="الوصف">
            {task.description ? (
              <span style={{ whiteSpace: 'pre-wrap' }} data-testid="task-description">
                {task.description}
              </span>
            ) : (
              ''
            )}
          </InfoItem>
        </div>
        <InfoItem label="العميل">
          {task.customer && task.customerName ? (
            canCustomer ? (
              <Anchor component={Link} to={`/dashboard/customer/${task.customer}`} fw={600} size="sm">
                <bdi>{task.customerName}</bdi>
              </Anchor>
            ) : (
              task.customerName
            )
          ) : (
            ''
          )}
        </InfoItem>
        <InfoItem label="الطلب">
          {task.order && task.orderNumber !== null ? (
            canOrder ? (
              <Anchor
                component={Link}
                to={`/dashboard/order/${task.order}`}
                fw={600}
                size="sm"
                aria-label={`الطلب رقم ${task.orderNumber}`}
              >
                <bdi dir="ltr">#{task.orderNumber}</bdi>
              </Anchor>
            ) : (
              <bdi dir="ltr">#{task.orderNumber}</bdi>
            )
          ) : (
            ''
          )}
        </InfoItem>
        <InfoItem label="موعد التسليم">
          {task.dueAt ? (
            <>
              <DateText value={task.dueAt} />
              <Text component="span" display="block" size="xs" c="dimmed">
                {formatHijriDate(task.dueAt)}
              </Text>
            </>
          ) : (
            ''
          )}
        </InfoItem>
        <InfoItem label="الحالة">{taskStatusLabels[task.status]}</InfoItem>
        <InfoItem label="النموذج">
          {task.formTitle ? (
            <>
              {task.formTitle}
              {task.formVersion && (
                <Text component="span" display="block" size="xs" c="dimmed" data-testid="form-version">
                  الإصدار <bdi>{task.formVersion.version}</bdi>
                </Text>
              )}
            </>
          ) : (
            ''
          )}
        </InfoItem>
        <InfoItem label="أُنشئت">
          <DateText value={task.createdAt} />
        </InfoItem>
        {task.submittedAt && (
          <InfoItem label="أُرسلت">
            <DateText value={task.submittedAt} />
          </InfoItem>
        )}
      </SimpleGrid>
    </Section>
  );
}

/** Field key of each error, in the form's order. */
function orderedKeys(fields: FormField[], errors: Record<string, string>): string[] {
  const keys = fields.map((f) => f.key).filter((k) => errors[k]);
  for (const k of Object.keys(errors)) if (!keys.includes(k)) keys.push(k);
  return keys;
}

/** Brings the first field with an error into view and focuses its input. */
function scrollToField(key: string) {
  window.setTimeout(() => {
    const root = document.querySelector('[data-testid="task-form"]') ?? document;
    const holder =
      root.querySelector<HTMLElement>(`[data-path="${CSS.escape(key)}"]`) ??
      root.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!holder) return;
    holder.scrollIntoView({ behavior: 'smooth', block: 'center' });
    const focusable = holder.matches('input, textarea, button')
      ? holder
      : (holder.querySelector<HTMLElement>('input:not([type="hidden"]):not([hidden]), textarea, button') ??
        holder);
    focusable.focus({ preventScroll: true });
  }, 0);
}

/**
 * The form of the task: read-only for everyone but the assignee while the task is theirs to do;
 * draft save, submit (checked here first, then by the server) and the start step.
 */
function TaskWork({
  task,
  needsStart,
  filling,
  starting,
  onStart,
}: {
  task: Task;
  needsStart: boolean;
  filling: boolean;
  starting: boolean;
  onStart: () => void;
}) {
  const queryClient = useQueryClient();
  const fields = task.formVersion?.fields ?? [];
  const initial = useMemo<Answers>(() => ({ ...(task.answers ?? {}) }), [task.answers]);
  const [answers, setAnswers] = useState<Answers>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  useUnsavedChangesGuard(dirty && filling);

  // Clear an error as soon as its field changes.
  const onChange = (next: Answers) => {
    setAnswers(next);
    setDirty(true);
    if (Object.keys(errors).length) {
      const left: Record<string, string> = {};
      for (const [k, msg] of Object.entries(errors)) if (next[k] === answers[k]) left[k] = msg;
      setErrors(left);
    }
  };

  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    const first = orderedKeys(fields, found)[0];
    if (first) scrollToField(first);
  };

  const upload = (fieldKey: string, file: File) => uploadTaskFile(task._id, fieldKey, file);
  const loadFile = (fileId: string) => loadTaskFile(task._id, fileId);

  const saveDraft = async () => {
    setBusy('draft');
    try {
      const saved = await saveTaskAnswers(task._id, answers);
      setDirty(false);
      afterTaskChanged(queryClient, saved);
      notify.success('تم حفظ المسودة');
    } catch (e) {
      if (isApiError(e) && e.status === 422) showErrors(answerErrorsOf(e.fieldErrors));
    } finally {
      setBusy(null);
    }
  };

  const submit = async () => {
    const check = validateAnswers(fields, answers);
    if (Object.keys(check.fieldErrors).length > 0) {
      showErrors(check.fieldErrors);
      notify.error('أكمل الحقول المطلوبة وصحّح الأخطاء قبل الإرسال');
      return;
    }
    setErrors({});
    const ok = await ask({
      header: 'إرسال المهمة',
      message: 'بعد الإرسال لا يمكنك تعديل الإجابات إلا إذا أُعيدت إليك المهمة. هل تريد الإرسال؟',
      acceptLabel: 'إرسال',
      rejectLabel: 'تراجع',
      centered: true,
    });
    if (!ok) return;
    setBusy('submit');
    try {
      const saved = await submitTask(task._id, answers);
      setDirty(false);
      afterTaskChanged(queryClient, saved);
      if (!saved?.can) await queryClient.invalidateQueries({ queryKey: taskKey(task._id) });
      notify.success('تم إرسال المهمة للمراجعة');
    } catch (e) {
      const mapped = isApiError(e) ? answerErrorsOf(e.fieldErrors) : {};
      if (Object.keys(mapped).length > 0) {
        showErrors(mapped);
        notify.error(isApiError(e) ? e.message : 'تعذر الإرسال');
      } else {
        notify.error(e instanceof Error ? e.message : 'تعذر الإرسال');
        void queryClient.invalidateQueries({ queryKey: taskKey(task._id) });
      }
    } finally {
      setBusy(null);
    }
  };

  const hasForm = fields.length > 0;

  return (
    <>
      {hasForm ? (
        <Section
          title={task.formTitle ?? 'النموذج'}
          description={
            filling ? 'عبّئ الحقول ثم أرسل المهمة للمراجعة. الحقول المعلّمة بنجمة مطلوبة.' : undefined
          }
        >
          {needsStart && (
            <InfoAlert radius="md" mb="md" title="ابدأ المهمة لتعبئة النموذج">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">اضغط «بدء المهمة» عند وصولك إلى موقع العمل، ثم عبّئ الحقول.</Text>
                <Button
                  size="xs"
                  leftSection={<IconPlayerPlay size={14} />}
                  loading={starting}
                  onClick={onStart}
                  aria-label="بدء المهمة الآن"
                >
                  بدء الآن
                </Button>
              </Stack>
            </InfoAlert>
          )}
          <div data-testid="task-form">
            <FormRenderer
              fields={fields}
              value={answers}
              onChange={filling ? onChange : undefined}
              errors={errors}
              readOnly={!filling}
              upload={filling ? upload : undefined}
              attachments={task.attachments}
              loadFile={loadFile}
            />
          </div>
        </Section>
      ) : (
        (filling || needsStart) && (
          <Section title="تنفيذ المهمة">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" color="gray" size={36}>
                <IconForms size={20} />
              </ThemeIcon>
              <Text size="sm" c="dimmed">
                لا يوجد نموذج لهذه المهمة. بعد تنفيذها أرسلها للمراجعة.
              </Text>
            </Group>
          </Section>
        )
      )}

      {filling && (
        <Group className={classes.stickyActions} justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {dirty ? 'لديك تغييرات غير محفوظة' : 'لا توجد تغييرات غير محفوظة'}
          </Text>
          <Group gap="xs">
            {hasForm && (
              <Button
                variant="default"
                leftSection={<IconDeviceFloppy size={16} />}
                loading={busy === 'draft'}
                disabled={busy !== null && busy !== 'draft'}
                onClick={() => void saveDraft()}
              >
                حفظ كمسودة
              </Button>
            )}
            <Button
              leftSection={<IconSend size={16} />}
              loading={busy === 'submit'}
              disabled={busy !== null && busy !== 'submit'}
              onClick={() => void submit()}
            >
              إرسال
            </Button>
          </Group>
        </Group>
      )}
    </>
  );
}

/** Approve (optional note) or return for changes (note required), POST /api/task/:id/review. */
function ReviewModal({
  task,
  decision,
  onClose,
}: {
  task: Task;
  decision: 'approve' | 'return' | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const note = useDialogValue(decision, '');
  const [busy, run] = useBusy<'review'>();
  const [shown, setShown] = useState<'approve' | 'return'>('approve');
  useEffect(() => {
    if (decision) setShown(decision);
  }, [decision]);

  const returning = shown === 'return';
  const submit = () => {
    const parsed = taskReviewBody.safeParse({ decision: shown, note: note.value });
    if (!parsed.success) {
      note.fail(parsed.error.issues[0]?.message ?? 'اكتب سبب الإعادة');
      return;
    }
    return run('review', async () => {
      const saved = await reviewTask(task._id, parsed.data.decision, parsed.data.note);
      afterTaskChanged(queryClient, saved);
      if (!saved?.can) await queryClient.invalidateQueries({ queryKey: taskKey(task._id) });
      notify.success(returning ? 'أُعيدت المهمة إلى الموظف للتعديل' : 'تم اعتماد المهمة');
      onClose();
    });
  };

  return (
    <DialogForm
      opened={decision !== null}
      onClose={onClose}
      title={returning ? 'إعادة المهمة للتعديل' : 'اعتماد المهمة'}
      onSubmit={submit}
      submitLabel={returning ? 'إعادة للتعديل' : 'اعتماد'}
      submitIcon={returning ? <IconArrowBackUp size={16} /> : <IconCircleCheck size={16} />}
      submitColor={returning ? 'orange' : 'teal'}
      busy={busy === 'review'}
    >
      <Text size="sm">
        المهمة <RecordNumber value={task.number} /> «{task.title}»
        {task.assigneeName ? ` — ${task.assigneeName}` : ''}
      </Text>
      <DialogNote
        label={returning ? 'ما المطلوب تعديله؟' : 'ملاحظة (اختيارية)'}
        withAsterisk={returning}
        placeholder={returning ? 'مثل: الصورة غير واضحة، أعد تصوير المكيف من الأمام' : 'ملاحظة للموظف'}
        maxLength={2000}
        note={note}
      />
    </DialogForm>
  );
}
