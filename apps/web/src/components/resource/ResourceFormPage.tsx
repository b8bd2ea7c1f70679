import { arabicPlural, type FormPick, recordBodies, standardLineTax } from '@idara/domain';
import { MultiSelect, NumberInput, Select, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { IconForms } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { Field, Resource, Screens } from '../../app/resource';
import { useCan } from '../../lib/auth';
import { isoToPicker, pickerToIso } from '../../lib/riyadh-day';
import { RemoteSelect } from '../data-table';
import { EntityForm, type EntityFormState, MoneyInput, useEntityForm } from '../entity';
import { LazyDayField as DayField, LazyDateTimeField } from '../LazyDayField';
import { LineTaxFields } from '../tax';
import { choices } from './choices';
import { lookupDescriptions, type NamedLookups, useNamedLookups } from './lookups';
import { refs } from './refs';
import { ScreensGate } from './ScreensGate';
import { useClashOverride } from './use-clash-override';

type Values = Record<string, unknown>;

/** A field's form values and their starting values (one per field; a supply's VAT has three). */
function startingValues(field: Field, query: URLSearchParams | null): [string, unknown][] {
  if (field.kind === 'lineTax') return Object.entries(standardLineTax);
  return [[field.name, initialValue(field, query)]];
}

function initialValue(field: Field, query: URLSearchParams | null): unknown {
  switch (field.kind) {
    case 'integer':
    case 'switch':
    case 'select':
      return field.initial;
    case 'formTemplate':
      return null;
    case 'lookup':
      return query?.get(field.name) ?? '';
    case 'ref':
      return query?.get(field.name) ?? null;
    case 'day':
    case 'dateTime':
      return null;
    case 'choices':
      return [];
    default:
      return '';
  }
}

/** The form's values as the body the schema checks: a picked time as an instant, an empty optional amount as none. */
function bodyOf(fields: Field[], values: Values): Values {
  const body = { ...values };
  for (const f of fields) {
    if (f.kind === 'dateTime') body[f.name] = pickerToIso(values[f.name] as string | null);
    if (f.kind === 'money' && !f.required && values[f.name] === '') body[f.name] = null;
  }
  return body;
}

/** A record as the form's values: the fields' keys (empty ones at their start), a time in the picker's form. */
function valuesOf(fields: Field[], initial: Values, record: Values): Values {
  const values: Values = {};
  for (const key of Object.keys(initial)) {
    const v = record[key];
    values[key] = v === null || v === undefined ? initial[key] : v;
  }
  for (const f of fields) if (f.kind === 'dateTime') values[f.name] = isoToPicker(record[f.name] as string);
  return values;
}

/** What the schema cannot say of an empty required time (it reads only instants). */
function requiredTimes(fields: Field[], values: Values, errors: Record<string, string>) {
  for (const f of fields)
    if (f.kind === 'dateTime' && f.required && !values[f.name]) errors[f.name] = `${f.label} مطلوب`;
}

const formTemplateOption = (f: FormPick) => ({ value: f._id, label: f.title });

/** Several of a choice list; a scoped one waits for its scope and forgets its choices when the scope changes. */
function ChoicesInput({ field, entity }: { field: Extract<Field, { kind: 'choices' }>; entity: FormState }) {
  const { form } = entity;
  const source = choices[field.of];
  const scope = source.scope ? ((form.values[source.scope] as string | null) ?? null) : null;
  const allowed = useCan(...(source.permission ? [source.permission] : []));
  const list = source.use(scope, allowed);
  const chosen = (form.values[field.name] as string[]) ?? [];
  // The customer changed: equipment of the one before is not this one's (a record loading is no change).
  const scopeSeen = useRef(scope);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the scope clears the choices
  useEffect(() => {
    const before = scopeSeen.current;
    scopeSeen.current = scope;
    if (source.scope && before !== null && before !== scope) form.setFieldValue(field.name, []);
  }, [scope]);
  if (!allowed) return null;
  // What the record holds stays listed (an employee who has left), to be kept or removed.
  const data = [
    ...list.options,
    ...chosen
      .filter((id) => !list.options.some((o) => o.value === id))
      .map((id) => ({ value: id, label: list.names.get(id) ?? '…' })),
  ];
  const waiting = Boolean(source.scope) && !scope;
  return (
    <MultiSelect
      label={field.label}
      withAsterisk={field.required}
      description={field.description}
      placeholder={waiting ? source.waitsFor : chosen.length ? undefined : field.placeholder}
      data={data}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': `مسح ${field.label}` }}
      nothingFoundMessage={list.isPending ? 'جارٍ التحميل…' : 'لا توجد نتائج'}
      disabled={waiting}
      data-path={field.name}
      {...form.getInputProps(field.name)}
      value={chosen}
    />
  );
}

/** A choice over a lookup: the chosen row described under it, its values copied into the fields it fills. */
function LookupInput({
  field,
  entity,
  lookups,
  common,
}: {
  field: Extract<Field, { kind: 'lookup' }>;
  entity: FormState;
  lookups: NamedLookups;
  common: { label: string; withAsterisk?: boolean; description?: string; placeholder?: string };
}) {
  const { form } = entity;
  const lookup = lookups[field.lookup];
  const value = (form.values[field.name] as string) || null;
  const chosen = value ? lookup?.data?.byId.get(value) : undefined;
  const describe = lookupDescriptions[field.lookup];
  // A stopped row (an inactive contract type) is not offered anew; the record's own stays.
  const offered = (lookup?.data?.options ?? []).filter(
    (o) =>
      o.value === value ||
      (lookup?.data?.byId.get(o.value) as { active?: boolean } | undefined)?.active !== false,
  );
  const choose = (next: string | null) => {
    form.setFieldValue(field.name, next ?? '');
    const row = next ? (lookup?.data?.byId.get(next) as Record<string, unknown> | undefined) : undefined;
    for (const [target, source] of Object.entries(field.fills ?? {})) {
      // A value typed by hand stays; one the previous choice filled in follows the new choice.
      const current = form.values[target];
      const before = chosen ? (chosen as Record<string, unknown>)[source] : undefined;
      if (row && (current === '' || current === null || String(current) === String(before ?? '')))
        form.setFieldValue(target, row[source]);
    }
  };
  return (
    <Select
      {...common}
      description={chosen && describe ? describe(chosen) : common.description}
      data={offered}
      searchable
      nothingFoundMessage="لا توجد نتائج"
      disabled={lookup?.isPending}
      {...form.getInputProps(field.name)}
      onChange={choose}
      value={value}
    />
  );
}

type FormState = EntityFormState<Values>;

function FieldInput({ field, entity, lookups }: { field: Field; entity: FormState; lookups: NamedLookups }) {
  const { form } = entity;
  const { name, label, required, description, placeholder } = field;
  const common = { label, withAsterisk: required, description, placeholder };
  switch (field.kind) {
    case 'text':
      return <TextInput {...common} {...form.getInputProps(name)} />;
    case 'money':
      return <MoneyInput {...common} placeholder="0.00" {...form.getInputProps(name)} />;
    case 'textarea':
      return (
        <Textarea {...common} autosize minRows={2} maxRows={field.maxRows} {...form.getInputProps(name)} />
      );
    case 'integer': {
      const value = form.values[name];
      const counted =
        field.counted &&
        typeof value === 'number' &&
        Number.isInteger(value) &&
        value >= field.min &&
        value <= field.max
          ? arabicPlural(value, field.counted)
          : undefined;
      return (
        <NumberInput
          {...common}
          description={counted ?? description}
          min={field.min}
          max={field.max}
          allowDecimal={false}
          allowNegative={false}
          dir="ltr"
          {...form.getInputProps(name)}
        />
      );
    }
    case 'switch':
      return <Switch label={label} {...form.getInputProps(name, { type: 'checkbox' })} />;
    case 'select':
      return <Select {...common} data={field.options} allowDeselect={false} {...form.getInputProps(name)} />;
    case 'lookup':
      return <LookupInput field={field} entity={entity} lookups={lookups} common={common} />;
    case 'choices':
      return <ChoicesInput field={field} entity={entity} />;
    case 'formTemplate':
      return (
        <RemoteSelect
          path="/api/lookup/forms"
          params={{ active: 'true', sort: 'title' }}
          toOption={formTemplateOption}
          loadSelected
          {...common}
          leftSection={<IconForms size={16} aria-hidden />}
          clearable
          clearButtonProps={{ 'aria-label': 'مسح النموذج' }}
          nothingFoundMessage="لا توجد نماذج فعّالة مطابقة"
          data-path={name}
          error={form.getInputProps(name).error}
          value={form.values[name] as string | null}
          onChange={(v) => form.setFieldValue(name, v)}
        />
      );
    case 'ref': {
      const { Picker } = refs[field.ref];
      return (
        <Picker
          label={label}
          withAsterisk={required}
          description={description}
          placeholder={placeholder}
          data-path={name}
          error={form.getInputProps(name).error}
          value={(form.values[name] as string | null) || null}
          onChange={(v) => form.setFieldValue(name, v)}
        />
      );
    }
    case 'day':
      return (
        <DayField
          label={label}
          withAsterisk={required}
          placeholder={placeholder}
          {...form.getInputProps(name)}
          value={(form.values[name] as string | null) || null}
          onChange={(v) => form.setFieldValue(name, v || null)}
        />
      );
    case 'dateTime':
      return (
        <LazyDateTimeField
          label={label}
          withAsterisk={required}
          data-path={name}
          {...form.getInputProps(name)}
          value={(form.values[name] as string | null) || null}
          onChange={(v) => form.setFieldValue(name, v || null)}
        />
      );
    case 'lineTax':
      return <LineTaxFields form={form} categoryLabel={label} />;
  }
}

/** Half fields next to each other share a two-column row; the others take the whole width. */
function layout(fields: Field[], render: (field: Field) => ReactNode): ReactNode[] {
  const out: ReactNode[] = [];
  for (let i = 0; i < fields.length; ) {
    if (!fields[i].half) {
      out.push(render(fields[i]));
      i += 1;
      continue;
    }
    const row: Field[] = [];
    while (i < fields.length && fields[i].half) row.push(fields[i++]);
    out.push(
      <SimpleGrid key={row[0].name} cols={{ base: 1, sm: 2 }} spacing="md">
        {row.map(render)}
      </SimpleGrid>,
    );
  }
  return out;
}

/** A resource's new and edit page: its fields over `useEntityForm` (the domain schema, save, field errors). */
export default function ResourceFormPage({ resource }: { resource: Resource }) {
  return (
    <ScreensGate resource={resource}>
      {({ form }) => <RecordForm resource={resource} form={form} />}
    </ScreensGate>
  );
}

function RecordForm({ resource, form }: { resource: Resource; form: Screens['form'] }) {
  const { id } = useParams();
  const [query] = useSearchParams();
  const { fields } = form;
  const lookups = useNamedLookups(fields.flatMap((f) => (f.kind === 'lookup' ? [f.lookup] : [])));
  const listPath = resource.base;
  // With a details page a saved record opens there; otherwise the list.
  const recordPath = (recordId: string | undefined) =>
    resource.hasDetails && recordId ? `${resource.base}/${recordId}` : listPath;
  const initialValues = Object.fromEntries(fields.flatMap((f) => startingValues(f, id ? null : query)));
  const override = useClashOverride(form.override, id ? `${resource.api}/${id}` : resource.api, !!id);
  const entity = useEntityForm<Values>({
    resourcePath: resource.api,
    id,
    schema: recordBodies[resource.name],
    initialValues,
    fromRecord: (record) => valuesOf(fields, initialValues, record),
    toBody: (values) => bodyOf(fields, values),
    validate: (values, errors) => requiredTimes(fields, values, errors),
    save: override.save,
    redirectTo: (saved: { _id?: string }) => recordPath(saved?._id),
  });
  const shown = fields.filter((f) => !f.when || f.when.in.includes(String(entity.form.values[f.when.field])));
  return (
    <>
      <EntityForm entity={entity} cancelTo={recordPath(id)} maw={form.maxWidth}>
        {layout(shown, (field) => (
          <FieldInput key={field.name} field={field} entity={entity} lookups={lookups} />
        ))}
      </EntityForm>
      {override.dialog}
    </>
  );
}
