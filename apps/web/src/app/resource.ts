import type { ArabicPluralForms, Permission, RecordBodyName, RecordRows, recordBodies } from '@idara/domain';
import type { IconHome } from '@tabler/icons-react';
import { type ComponentType, createElement } from 'react';
import type { z } from 'zod';
import type { AppRoute, PageModule } from './route-meta';

/**
 * One record screen set declared in one place: its routes (spec §2 paths and titles, §6
 * permissions), its sidebar entry, its activity-log link, its list columns and filters, its form
 * and its details. The list, form and details screens (`components/resource/`) draw any resource;
 * this file holds only data, because the route table and the sidebar load with the app's first
 * script: the screens' code still loads per page.
 */
export interface Resource {
  /** `/api/<api>`, the domain's body schema (`recordBodies[name]`) and the activity log's entity. */
  name: RecordBodyName;
  api: string;
  /** `/dashboard/<base>`: the list; `/new`, `/:id`, `/edit/:id` beside it. */
  base: string;
  /** The permissions' area: `<area>:read|create|update|delete|details` (regions use `gov`). */
  area: string;
  titles: { list: string; new: string; edit: string; details?: string };
  /** The new and edit pages themselves ask for `<area>:create` / `<area>:update` (spec §6 names it for some). */
  guardForms?: boolean;
  /** Its sidebar entry; `order` places it in its group (unordered ones follow, by title). */
  nav: { group: NavGroupLabel; label: string; icon: typeof IconHome; description?: string; order?: number };
  list: {
    columns: Column[];
    filters?: Filter[];
    createLabel: string;
    exportTitle: string;
    searchPlaceholder: string;
  };
  form: {
    fields: Field[];
    /** The form card's width; 760 by default. */
    maxWidth?: number;
  };
  /**
   * A tab on the page of the record this one refers to, listing its records (a customer's
   * equipment on the customer's page): `filter` is the list filter holding that record's id.
   */
  relatedTab?: { ref: RefName; filter: string; label: string };
  /** Without it a row opens the edit page. */
  details?: {
    fields: DetailsField[];
    /** Records of another resource that point at this one, shown as linked badges under the card. */
    related?: Related;
  };
}

/** The sidebar group a resource's entry joins (`app/navigation.ts`). */
export type NavGroupLabel = 'العملاء' | 'البيانات الأساسية';

/** How a value is shown in a list cell or a details field. */
export type Display =
  | 'text'
  | 'money'
  | 'active'
  | 'date'
  | 'hijriDate'
  | { plural: ArabicPluralForms }
  | { badge: Record<string, string> }
  /** A code shown as its label ('hour' → 'ساعة'). */
  | { labels: Record<string, string> }
  /** The row's VAT category (`short` in a list) with its reason (components/tax). */
  | { lineTax: 'short' | 'full' }
  | { lookup: LookupName; link?: { base: string; permission: Permission } }
  /** A reference: the row's `<key>Name`, linked to the record when the user may open it. */
  | { ref: RefName }
  /** A calendar day ('YYYY-MM-DD'): the Gregorian day with its Umm al-Qura date beside it. */
  | 'day';

/** Reference data a screen may name (`components/resource/lookups.ts`). */
export type LookupName = 'governments';

/** Records a field may refer to, each with its server-searched picker (`components/resource/refs.tsx`). */
export type RefName = 'customer';

export interface Column<Key extends string = string> {
  key: Key;
  header: string;
  display?: Display;
  sortable?: boolean;
  nowrap?: boolean;
  /**
   * How much the column matters on a narrow screen (the list's `ColumnMeta.priority`): 1 always
   * shown, 2 a card's field, 3 only while it fits. The first column is the row's name (1).
   */
  priority?: number;
}

export type Filter<Key extends string = string> = {
  filter: Key;
  label: string;
  placeholder: string;
  width: number;
} & (
  | { options: { value: string; label: string }[] }
  | { lookup: LookupName }
  /** The referred record, picked by searching the server. */
  | { ref: RefName }
  /** An inclusive range of calendar days (`<filter>From`, `<filter>To`), Gregorian or Hijri. */
  | { days: true }
);

export interface DetailsField<Key extends string = string> {
  label: string;
  /** The record's field; `relatedCount` shows how many `related` records there are. */
  key: Key | 'relatedCount';
  display?: Display;
  wide?: boolean;
}

export interface Related {
  api: string;
  /** The related list's filter holding this record's id. */
  filter: string;
  title: string;
  base: string;
  readPermission: Permission;
  detailsPermission: Permission;
  empty: string;
  addLabel: string;
}

interface FieldBase<Name extends string> {
  name: Name;
  label: string;
  required?: boolean;
  /** Shares a two-column row with the neighbouring half fields. */
  half?: boolean;
  description?: string;
  placeholder?: string;
}

export type Field<Name extends string = string> = FieldBase<Name> &
  (
    | { kind: 'text' | 'money' }
    | { kind: 'textarea'; maxRows: number }
    /** `counted`: the value said as a counted Arabic phrase under the input ('12 شهراً'). */
    | { kind: 'integer'; initial: number; min: number; max: number; counted?: ArabicPluralForms }
    | { kind: 'switch'; initial: boolean }
    | { kind: 'select'; initial: string; options: { value: string; label: string }[] }
    /** A searchable choice over a lookup; on a new record the URL's `?<name>=` preselects it. */
    | { kind: 'lookup'; lookup: LookupName }
    /** Another record, picked by searching the server (`components/resource/refs.tsx`). */
    | { kind: 'ref'; ref: RefName }
    /** A calendar day, with its Hijri date under the picker. */
    | { kind: 'day' }
    /** One of the active forms of the form builder, searched on the server. */
    | { kind: 'formTemplate' }
    /**
     * A supply's VAT: three values (`vatCategory`, `vatExemptionCode`, `vatExemptionReason`) and up to
     * three inputs, the reason's only where the category needs one; `name` is `vatCategory`.
     */
    | { kind: 'lineTax' }
  );

type RowKey<N extends RecordBodyName> = keyof RecordRows[N] & string;
type BodyKey<N extends RecordBodyName> = keyof z.input<(typeof recordBodies)[N]> & string;

/**
 * What a resource file writes: the API path, the page path and the permissions' area follow the
 * name unless given. Every column, filter and details key is a field of the record's answer
 * (`RecordRows`), every form field one of its body (`recordBodies`): a misspelt key does not compile.
 */
export type ResourceDefinition<N extends RecordBodyName> = Omit<
  Resource,
  'name' | 'api' | 'base' | 'area' | 'list' | 'form' | 'details' | 'relatedTab'
> &
  Partial<Pick<Resource, 'api' | 'base' | 'area'>> & {
    name: N;
    list: Omit<Resource['list'], 'columns' | 'filters'> & {
      columns: Column<RowKey<N>>[];
      filters?: Filter<RowKey<N>>[];
    };
    form: Omit<Resource['form'], 'fields'> & { fields: Field<BodyKey<N>>[] };
    /** Without `fields`, the form's fields in its order (each shown as its kind is), then when it was added. */
    details?: Omit<NonNullable<Resource['details']>, 'fields'> & { fields?: DetailsField<RowKey<N>>[] };
    relatedTab?: { ref: RefName; filter: RowKey<N>; label: string };
  };

/** `/api/<name>`, `/dashboard/<name>` and the `<name>:…` permissions unless the definition says otherwise. */
export function defineResource<N extends RecordBodyName>(definition: ResourceDefinition<N>): Resource {
  const { name, details } = definition;
  return {
    api: `/api/${name}`,
    base: `/dashboard/${name}`,
    area: name,
    ...definition,
    details: details && { ...details, fields: details.fields ?? detailsFromForm(definition.form.fields) },
  };
}

/** A details card that shows what the form asks, as each kind of field is shown, then the day it was added. */
function detailsFromForm(fields: Field[]): DetailsField[] {
  const shown = fields.flatMap((f): DetailsField[] => {
    if (f.kind === 'lineTax') return [];
    const display: Display | undefined =
      f.kind === 'ref' ? { ref: f.ref } : f.kind === 'day' ? 'day' : f.kind === 'money' ? 'money' : undefined;
    return [{ label: f.label, key: f.name, display, wide: f.kind === 'textarea' }];
  });
  return [...shown, { label: 'تاريخ الإضافة', key: 'createdAt', display: 'hijriDate' }];
}

export const permissionOf = (resource: Resource, action: string) =>
  `${resource.area}:${action}` as Permission;

export const detailsPath = (resource: Resource, id: string) => `${resource.base}/${id}`;
export const editPath = (resource: Resource, id: string) => `${resource.base}/edit/${id}`;

type Screen = ComponentType<{ resource: Resource }>;

/** A page loader per resource and screen; the component is made once, so a page keeps its identity. */
function screenPage(load: () => Promise<{ default: Screen }>) {
  const made = new WeakMap<Resource, ComponentType>();
  return (resource: Resource) => (): Promise<PageModule> =>
    load().then(({ default: Screen }) => {
      let page = made.get(resource);
      if (!page) {
        page = () => createElement(Screen, { resource });
        made.set(resource, page);
      }
      return { default: page };
    });
}

const listPage = screenPage(() => import('../components/resource/ResourceListPage'));
const detailsPage = screenPage(() => import('../components/resource/ResourceDetailsPage'));
// New and edit get loaders of their own, so going from one to the other remounts the form.
const newPage = screenPage(() => import('../components/resource/ResourceFormPage'));
const editPage = screenPage(() => import('../components/resource/ResourceFormPage'));

/** The resource's rows of the route table. */
export function resourceRoutes(resource: Resource, validate: NonNullable<AppRoute['validate']>): AppRoute[] {
  const { base, titles } = resource;
  const guard = (action: string) =>
    resource.guardForms ? { permissions: [permissionOf(resource, action)] } : {};
  return [
    {
      path: base,
      title: titles.list,
      listPermissions: [permissionOf(resource, 'read')],
      page: listPage(resource),
    },
    { path: `${base}/new`, title: titles.new, ...guard('create'), page: newPage(resource) },
    ...(resource.details && titles.details
      ? [{ path: `${base}/:id`, title: titles.details, validate, page: detailsPage(resource) }]
      : []),
    { path: `${base}/edit/:id`, title: titles.edit, ...guard('update'), validate, page: editPage(resource) },
  ];
}
