import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { toolbarField } from './toolbar-field';
import type { ListState } from './use-list-state';

const TYPING_MS = 300;

/**
 * A filter typed as text (a district), kept in the list's URL state like the others: the list
 * follows once typing pauses, clearing removes it. The server compares it as the search compares.
 */
export function TextFilter({
  state,
  filter,
  label,
  placeholder,
  width = 180,
}: {
  state: ListState;
  filter: string;
  label: string;
  placeholder: string;
  width?: number;
}) {
  const committed = state.filters[filter] ?? '';
  const [value, setValue] = useState(committed);
  const commit = useDebouncedCallback(
    (text: string) => state.setFilter(filter, text.trim() || null),
    TYPING_MS,
  );
  // Back/forward or a shared link changes the address: follow it, unless typing is still to commit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the address's value changes
  useEffect(() => {
    if (!commit.isPending()) setValue(committed);
  }, [committed]);
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(e) => {
        setValue(e.currentTarget.value);
        commit(e.currentTarget.value);
      }}
      rightSection={
        value ? (
          <CloseButton
            aria-label={`مسح ${label}`}
            onClick={() => {
              setValue('');
              commit.cancel();
              state.setFilter(filter, null);
            }}
          />
        ) : null
      }
      {...toolbarField(width)}
      radius="xl"
    />
  );
}
