import { DndContext, DragOverlay } from '@dnd-kit/core';
import { arrayMove } from '@dnd-kit/sortable';
import { type FormFieldType, formFieldTypeLabels } from '@idara/domain';
import { Box, Button, SegmentedControl, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { IconArrowRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { useEditConflict, useUnsavedChangesGuard } from '../../../components/entity';
import { ErrorAlert } from '../../../components/feedback';
import { LoadError } from '../../../components/page';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth';
import { notify } from '../../../lib/toast';
import {
  afterFormChanged,
  editFormPath,
  FORM_BASE,
  FORM_PATH,
  type FormRecord,
  saveForm,
  useFormRecord,
} from '../form-api';
import { BuilderCanvas } from './BuilderCanvas';
import { BuilderHeader, SaveControls } from './BuilderHeader';
import { BuilderPreview } from './BuilderPreview';
import {
  type BuilderErrors,
  type BuilderField,
  type BuilderState,
  copyField,
  fromRecord,
  mapErrors,
  newField,
  nextKey,
  noErrors,
  previewFields,
  snapshotOf,
  validate,
} from './builder-model';
import { FieldPalette, PaletteOverlay } from './FieldPalette';
import { FieldProperties, KEY_CLASH, NoFieldSelected } from './FieldProperties';
import classes from './FormBuilder.module.css';
import { useFieldDrag } from './use-field-drag';

const WIDE = '(min-width: 62em)';

/** The builder's parts the edit-conflict comparison shows. */
const conflictLabels: Record<string, string> = {
  title: 'عنوان النموذج',
  description: 'وصف النموذج',
  active: 'النموذج مفعّل',
  fields: 'الحقول',
};

/** A field list as the comparison shows it: each field's label, type, whether required, its choices. */
function describeFields(fields: BuilderField[]) {
  if (fields.length === 0) return '—';
  return fields
    .map((f) => {
      const parts = [formFieldTypeLabels[f.type], f.required ? 'إلزامي' : '', f.options.join(' / ')];
      return `${f.label || formFieldTypeLabels[f.type]} (${parts.filter(Boolean).join('، ')})`;
    })
    .join('؛ ');
}

function hideKeys(errors: BuilderErrors, isAdmin: boolean): BuilderErrors {
  if (isAdmin) return errors;
  const fields: BuilderErrors['fields'] = {};
  for (const [uid, e] of Object.entries(errors.fields)) fields[uid] = e.key ? { ...e, key: KEY_CLASH } : e;
  return { form: errors.form, fields };
}

function mergeErrors(a: BuilderErrors, b: BuilderErrors): BuilderErrors {
  const fields: BuilderErrors['fields'] = { ...a.fields };
  for (const [uid, e] of Object.entries(b.fields)) fields[uid] = { ...fields[uid], ...e };
  return { form: { ...a.form, ...b.form }, fields };
}

function BuilderSkeleton() {
  return (
    <Stack p="md" role="status" aria-label="جارٍ تحميل النموذج…">
      <Skeleton h={44} radius="md" />
      <Skeleton h={30} radius="md" />
      <Skeleton h={360} radius="lg" />
    </Stack>
  );
}

export default function FormBuilderPage() {
  const { id } = useParams();
  const query = useFormRecord(id);
  if (id && query.isPending) return <BuilderSkeleton />;
  if (id && query.isError)
    return (
      <Box p="md">
        <LoadError query={query} backTo={FORM_BASE} backLabel="العودة إلى النماذج" />
      </Box>
    );
  return <FormBuilder key={id ?? 'new'} record={id ? query.data : undefined} />;
}

function FormBuilder({ record }: { record?: FormRecord }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wide = useMediaQuery(WIDE, window.matchMedia(WIDE).matches, { getInitialValueInEffect: false });

  const [saved, setSaved] = useState(record);
  const [state, setState] = useState<BuilderState>(() => fromRecord(record));
  const [baseline, setBaseline] = useState(() => snapshotOf(fromRecord(record)));
  const [selected, setSelected] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<BuilderErrors>(noErrors);
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  const [sideTab, setSideTab] = useState<'props' | 'preview'>('props');
  const [mobileTab, setMobileTab] = useState<string>('fields');
  const tabsRef = useRef<HTMLDivElement>(null);
  // Phones: a new tab starts at its top (the card tapped may have been far down the list).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the tab changes
  useEffect(() => {
    const top = tabsRef.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) window.scrollTo({ top: window.scrollY + top - 8, behavior: 'instant' });
  }, [mobileTab]);
  const [announcement, setAnnouncement] = useState('');

  const dirty = snapshotOf(state) !== baseline;
  const { allowLeave } = useUnsavedChangesGuard(dirty);
  const stateRef = useRef(state);
  stateRef.current = state;
  const conflict = useEditConflict<BuilderState, FormRecord>({
    form: {
      getValues: () => stateRef.current,
      load: (latest) => {
        setState(latest);
        setBaseline(snapshotOf(latest));
        setServerErrors(noErrors);
        setShowErrors(false);
        setSelected(null);
      },
    },
    path: saved ? `${FORM_PATH}/${saved._id}` : undefined,
    record: saved,
    toValues: fromRecord,
    labels: conflictLabels,
    format: (key, value) => (key === 'fields' ? describeFields(value as BuilderField[]) : undefined),
    onLatest: (latest) => {
      setSaved(latest);
      afterFormChanged(queryClient, latest);
    },
  });

  const clientErrors = useMemo(
    () => (showErrors ? mapErrors(validate(state).errors, state.fields) : noErrors),
    [showErrors, state],
  );
  const isAdmin = useAuth().user?.role === 'admin';
  // Keys are internal: only an administrator reads a message naming one (FieldProperties).
  const errors = hideKeys(mergeErrors(clientErrors, serverErrors), isAdmin);
  const fields = state.fields;
  const selectedField = fields.find((f) => f.uid === selected) ?? null;

  const keyCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const f of fields) {
      const k = f.key.trim().toLowerCase();
      if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    return counts;
  }, [fields]);

  const preview = useMemo(() => previewFields(state), [state]);

  // ---- field operations ----

  const setFields = useCallback((update: (fields: BuilderField[]) => BuilderField[]) => {
    setState((s) => ({ ...s, fields: update(s.fields) }));
  }, []);

  const select = useCallback(
    (uid: string | null, focusProp?: string) => {
      setSelected(uid);
      if (uid) {
        if (wide) setSideTab('props');
        else setMobileTab('props');
      }
      if (focusProp) {
        window.setTimeout(() => {
          const el = document.querySelector<HTMLElement>(
            `[data-testid="field-properties"] [data-builder-prop="${focusProp}"]`,
          );
          const input = el?.matches('input, textarea')
            ? el
            : el?.querySelector<HTMLElement>('input, textarea');
          input?.focus();
          input?.scrollIntoView({ block: 'center', behavior: 'smooth' });
        }, 50);
      }
    },
    [wide],
  );

  const revealCard = (uid: string) =>
    window.setTimeout(
      () =>
        document
          .getElementById(`builder-field-${uid}`)
          ?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }),
      50,
    );

  const addField = (type: FormFieldType, index?: number) => {
    const field = newField(type, fields);
    const at = index ?? fields.length;
    setFields((list) => [...list.slice(0, at), field, ...list.slice(at)]);
    setSelected(field.uid);
    if (wide) setSideTab('props');
    setAnnouncement(`أُضيف حقل «${formFieldTypeLabels[type]}» في الموضع ${at + 1} من ${fields.length + 1}`);
    revealCard(field.uid);
  };

  const updateField = (uid: string, patch: Partial<BuilderField>) => {
    setFields((list) => list.map((f) => (f.uid === uid ? { ...f, ...patch } : f)));
    // A server error goes once its property is edited (a key change may end another field's duplicate).
    setServerErrors((e) => {
      const props = Object.keys(patch);
      const next: BuilderErrors['fields'] = {};
      for (const [u, fe] of Object.entries(e.fields)) {
        const kept = Object.fromEntries(
          Object.entries(fe).filter(
            ([p]) =>
              !(u === uid && (props.includes(p) || p === '_')) && !(p === 'key' && props.includes('key')),
          ),
        );
        if (Object.keys(kept).length) next[u] = kept;
      }
      return { form: e.form, fields: next };
    });
  };

  const moveField = (uid: string, delta: number) => {
    const from = fields.findIndex((f) => f.uid === uid);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= fields.length) return;
    setFields((list) => arrayMove(list, from, to));
    setAnnouncement(`نُقل «${fields[from].label}» إلى الموضع ${to + 1} من ${fields.length}`);
    revealCard(uid);
  };

  const duplicateField = (uid: string) => {
    const index = fields.findIndex((f) => f.uid === uid);
    if (index < 0) return;
    const copy = copyField(fields[index], fields);
    setFields((list) => [...list.slice(0, index + 1), copy, ...list.slice(index + 1)]);
    setSelected(copy.uid);
    setAnnouncement(`نُسخ الحقل «${fields[index].label}»`);
    revealCard(copy.uid);
  };

  const removeField = (uid: string) => {
    const index = fields.findIndex((f) => f.uid === uid);
    if (index < 0) return;
    const field = fields[index];
    setFields((list) => list.filter((f) => f.uid !== uid));
    if (selected === uid) setSelected(null);
    toast(`حُذف الحقل «${field.label || formFieldTypeLabels[field.type]}»`, {
      duration: 6000,
      action: {
        label: 'تراجع',
        onClick: () =>
          setFields((list) =>
            list.some((f) => f.uid === uid) ? list : [...list.slice(0, index), field, ...list.slice(index)],
          ),
      },
    });
  };

  const drag = useFieldDrag(fields, addField, setFields);

  // ---- save ----

  const reveal = (found: BuilderErrors) => {
    const first = fields.find((f) => found.fields[f.uid] && Object.keys(found.fields[f.uid]).length);
    if (found.form.title || found.form.description) {
      const prop = found.form.title ? 'title' : 'description';
      window.setTimeout(
        () => document.querySelector<HTMLElement>(`header [data-builder-prop="${prop}"]`)?.focus(),
        0,
      );
      if (first) setSelected(first.uid);
      return;
    }
    if (first) {
      const prop = Object.keys(found.fields[first.uid])[0];
      select(first.uid, prop === '_' ? 'label' : prop);
      revealCard(first.uid);
    } else if (!wide) setMobileTab('fields');
  };

  const save = async () => {
    if (saving) return;
    setShowErrors(true);
    setServerErrors(noErrors);
    const checked = validate(state);
    if (!checked.body) {
      const found = mapErrors(checked.errors, fields);
      reveal(found);
      notify.error(Object.values(found.form)[0] ?? 'لم يُحفظ النموذج: صحّح الأخطاء المعلّمة في الحقول');
      return;
    }
    const sent = snapshotOf(state);
    setSaving(true);
    try {
      const result = await saveForm(saved?._id, checked.body, saved ? conflict.requestOptions() : {});
      conflict.adopt(result);
      afterFormChanged(queryClient, result);
      setShowErrors(false);
      if (!saved) {
        notify.success('تم إنشاء النموذج');
        allowLeave();
        navigate(editFormPath(result._id), { replace: true });
        return;
      }
      const next = fromRecord(result);
      next.fields.forEach((f, i) => {
        const old = state.fields[i];
        if (old) f.uid = old.uid;
      });
      setState((cur) => (snapshotOf(cur) === sent ? next : cur));
      setBaseline(snapshotOf(next));
      setSaved(result);
      notify.success(
        result.version > (saved.version ?? 0)
          ? `تم الحفظ كإصدار جديد (الإصدار ${result.version})`
          : 'تم حفظ النموذج',
      );
    } catch (e) {
      if (conflict.handle(e, () => void save())) return;
      if (isApiError(e) && Object.keys(e.fieldErrors).length > 0) {
        const found = mapErrors(e.fieldErrors, state.fields);
        setServerErrors(found);
        reveal(found);
      }
      notify.error(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  // Ctrl/⌘+S saves, also while typing in a property.
  useHotkeys([['mod+S', () => void save()]], []);

  // ---- layout ----

  const listError = errors.form.fields;
  const palette = (
    <div>
      <Text className={classes.columnTitle} component="h2">
        أنواع الحقول
      </Text>
      <FieldPalette onAdd={(type) => addField(type)} />
    </div>
  );
  const canvas = (
    <div>
      <Text className={classes.columnTitle} component="h2">
        حقول النموذج (<bdi>{fields.length}</bdi>)
      </Text>
      {listError && (
        <ErrorAlert mb="xs" p="xs" role="alert">
          {listError}
        </ErrorAlert>
      )}
      <BuilderCanvas
        fields={fields}
        selected={selected}
        errors={errors.fields}
        drop={drag.drop}
        receiving={drag.dragType !== null && drag.drop !== null}
        onSelect={(uid) => select(uid)}
        onMove={moveField}
        onDuplicate={duplicateField}
        onRemove={removeField}
      />
    </div>
  );
  const properties = selectedField ? (
    <FieldProperties
      key={selectedField.uid}
      field={selectedField}
      errors={errors.fields[selectedField.uid]}
      duplicateKey={(keyCounts.get(selectedField.key.trim().toLowerCase()) ?? 0) > 1}
      onChange={(patch) => updateField(selectedField.uid, patch)}
      onNewKey={() => updateField(selectedField.uid, { key: nextKey(fields) })}
      onDuplicate={() => duplicateField(selectedField.uid)}
      onRemove={() => removeField(selectedField.uid)}
    />
  ) : (
    <NoFieldSelected />
  );
  const previewPanel = (
    <BuilderPreview title={state.title} description={state.description} fields={preview} />
  );

  return (
    <div className={classes.page} data-testid="form-builder">
      <BuilderHeader
        title={state.title}
        description={state.description}
        active={state.active}
        onTitle={(title) => {
          setState((s) => ({ ...s, title }));
          setServerErrors((e) => ({ ...e, form: { ...e.form, title: '' } }));
        }}
        onDescription={(description) => setState((s) => ({ ...s, description }))}
        onActive={(active) => setState((s) => ({ ...s, active }))}
        errors={Object.fromEntries(Object.entries(errors.form).filter(([, v]) => v))}
        version={saved?.version}
        submissionCount={saved?.submissionCount ?? 0}
        currentVersionAnswered={saved?.currentVersionAnswered ?? false}
        dirty={dirty}
        saving={saving}
        onSave={() => void save()}
        onBack={() => navigate(FORM_BASE)}
        compact={!wide}
      />
      <div className={classes.srOnly} aria-live="polite" role="status">
        {announcement}
      </div>
      <DndContext {...drag.contextProps}>
        {wide ? (
          <div className={classes.workspace}>
            <div className={classes.column}>{palette}</div>
            <div className={classes.column}>{canvas}</div>
            <aside className={`${classes.column} ${classes.panel}`} aria-label="خصائص الحقل والمعاينة">
              <SegmentedControl
                fullWidth
                mb="md"
                value={sideTab}
                onChange={(v) => setSideTab(v as 'props' | 'preview')}
                data={[
                  { value: 'props', label: 'خصائص الحقل' },
                  { value: 'preview', label: 'معاينة' },
                ]}
                aria-label="عرض اللوحة الجانبية"
              />
              {sideTab === 'props' ? properties : previewPanel}
            </aside>
          </div>
        ) : (
          <Tabs
            ref={tabsRef}
            value={mobileTab}
            onChange={(v) => setMobileTab(v ?? 'fields')}
            className={classes.workspace}
            keepMounted={false}
          >
            <Tabs.List grow mb="md">
              <Tabs.Tab value="fields">
                الحقول (<bdi>{fields.length}</bdi>)
              </Tabs.Tab>
              <Tabs.Tab value="props">الخصائص</Tabs.Tab>
              <Tabs.Tab value="preview">المعاينة</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="fields">
              <Stack>
                {palette}
                {canvas}
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="props">
              <Button
                size="xs"
                variant="subtle"
                mb="xs"
                leftSection={<IconArrowRight size={16} />}
                onClick={() => setMobileTab('fields')}
              >
                العودة إلى الحقول
              </Button>
              <div className={classes.panel}>{properties}</div>
            </Tabs.Panel>
            <Tabs.Panel value="preview">
              <div className={classes.panel}>{previewPanel}</div>
            </Tabs.Panel>
          </Tabs>
        )}
        <DragOverlay dropAnimation={null}>
          {drag.dragType ? <PaletteOverlay type={drag.dragType} /> : null}
        </DragOverlay>
      </DndContext>
      {!wide && (
        <div className={classes.bottomBar}>
          <SaveControls dirty={dirty} saving={saving} onSave={() => void save()} />
        </div>
      )}
      {conflict.dialog}
    </div>
  );
}
