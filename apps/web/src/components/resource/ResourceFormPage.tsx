import { arabicPlural, type FormPick, recordBodies, standardLineTax } from '@idara/domain';
import { NumberInput, Select, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { IconForms } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { Field, Resource } from '../../app/resource';
import { RemoteSelect } from '../data-table';
import { EntityForm, type EntityFormState, MoneyInput, useEntityForm } from '../entity';
import { LazyDayField as DayField } from '../LazyDayField';
import { LineTaxFields } from '../tax';
import { type NamedLookups, useNamedLookups } from './lookups';
import { refs } from './refs';

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
      return null;
    default:
      return '';
  }
}

const formTemplateOption = (f: FormPick) => ({ value: f._id, label: f.title });

function FieldInput({
  field,
  entity,
  lookups,
}: {
  field: Field;
  entity: EntityFormState<Values>;
  lookups: NamedLookups;
}) {
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
    case 'lookup': {
      const lookup = lookups[field.lookup];
      return (
        <Select
          {...common}
          data={lookup?.data?.options ?? []}
          searchable
          nothingFoundMessage="لا توجد نتائج"
          disabled={lookup?.isPending}
          {...form.getInputProps(name)}
          onChange={(v) => form.setFieldValue(name, v ?? '')}
          value={(form.values[name] as string) || null}
        />
      );
    }
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
  const { id } = useParams();
  const [query] = useSearchParams();
  const { fields } = resource.form;
  const lookups = useNamedLookups(fields.flatMap((f) => (f.kind === 'lookup' ? [f.lookup] : [])));
  const listPath = resource.base;
  // With a details page a saved record opens there; otherwise the list.
  const recordPath = (recordId: string | undefined) =>
    resource.details && recordId ? `${resource.base}/${recordId}` : listPath;
  const entity = useEntityForm<Values>({
    resourcePath: resource.api,
    id,
    schema: recordBodies[resource.name],
    initialValues: Object.fromEntries(fields.flatMap((f) => startingValues(f, id ? null : query))),
    redirectTo: (saved: { _id?: string }) => recordPath(saved?._id),
  });
  return (
    <EntityForm entity={entity} cancelTo={recordPath(id)} maw={resource.form.maxWidth}>
      {layout(fields, (field) => (
        <FieldInput key={field.name} field={field} entity={entity} lookups={lookups} />
      ))}
    </EntityForm>
  );
}
