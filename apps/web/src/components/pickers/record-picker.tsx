import type { SelectProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { type PickerPath, type PickerRows, RemoteSelect } from '../data-table';

/** What a record picker is given where it is used: a select's props, its value and what it says on a change. */
export type RecordPickerProps<P extends PickerPath> = Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'
> & {
  value: string | null;
  /** With the picked row (the picker route's fields). */
  onChange: (value: string | null, row: PickerRows[P] | null) => void;
  /** Names a preselected record without asking the server; otherwise it is loaded by id. */
  initialLabel?: string;
};

/** What differs per kind of record: its route, order, option, second line and words. */
export interface PickerKind<P extends PickerPath> {
  path: P;
  params: Record<string, string>;
  toOption: (row: PickerRows[P]) => { value: string; label: string };
  describe?: (row: PickerRows[P]) => ReactNode;
  /** «مسح العميل» */
  clearLabel: string;
  nothingFound: string;
  placeholder: string;
}

/**
 * A picker of one kind of record: a select searched on the server as you type (`RemoteSelect`),
 * clearable, its current record loaded by id when not among the rows.
 */
export function RecordPicker<P extends PickerPath>({
  kind,
  value,
  onChange,
  initialLabel,
  ...props
}: RecordPickerProps<P> & { kind: PickerKind<P> }) {
  return (
    <RemoteSelect
      {...props}
      path={kind.path}
      params={kind.params}
      toOption={kind.toOption}
      describe={kind.describe}
      value={value}
      selectedLabel={initialLabel}
      loadSelected
      clearable
      clearButtonProps={{ 'aria-label': kind.clearLabel }}
      nothingFoundMessage={kind.nothingFound}
      placeholder={props.placeholder ?? kind.placeholder}
      onChange={onChange}
    />
  );
}
