import { Button, Input, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useRef } from 'react';
import classes from './FormBuilder.module.css';
import { MoveButtons, ToolButton } from './ToolButton';

const MAX_OPTIONS = 100;

/** The choices of a select / multiselect / radio field: edit, add (Enter adds below), move, remove. */
export function OptionsEditor({
  options,
  onChange,
  error,
}: {
  options: string[];
  onChange: (options: string[]) => void;
  error?: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const focusOption = (index: number) =>
    window.setTimeout(() => listRef.current?.querySelectorAll<HTMLInputElement>('input')[index]?.focus(), 0);

  const counts = new Map<string, number>();
  for (const o of options) {
    const k = o.trim();
    if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
  }

  const set = (index: number, value: string) => onChange(options.map((o, i) => (i === index ? value : o)));
  const insert = (index: number) => {
    if (options.length >= MAX_OPTIONS) return;
    onChange([...options.slice(0, index), '', ...options.slice(index)]);
    focusOption(index);
  };
  const remove = (index: number) => {
    onChange(options.filter((_, i) => i !== index));
    focusOption(Math.max(0, index - 1));
  };
  const move = (index: number, delta: number) => {
    const to = index + delta;
    if (to < 0 || to >= options.length) return;
    const next = [...options];
    [next[index], next[to]] = [next[to], next[index]];
    onChange(next);
  };

  return (
    <Input.Wrapper
      label="الخيارات"
      withAsterisk
      description="اضغط Enter في خيار لإضافة خيار بعده"
      error={error}
      labelElement="div"
      data-builder-prop="options"
    >
      <Stack gap={6} mt={6} ref={listRef} data-testid="options-editor">
        {options.map((option, index) => {
          const duplicate = option.trim() !== '' && (counts.get(option.trim()) ?? 0) > 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are plain strings that may repeat while typed
            <div key={index} className={classes.optionRow}>
              <TextInput
                aria-label={`الخيار ${index + 1}`}
                placeholder={`الخيار ${index + 1}`}
                value={option}
                maxLength={200}
                error={duplicate ? 'خيار مكرر' : undefined}
                onChange={(e) => set(index, e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    insert(index + 1);
                  } else if (e.key === 'Backspace' && option === '' && options.length > 1) {
                    e.preventDefault();
                    remove(index);
                  }
                }}
              />
              <MoveButtons
                what={`الخيار ${index + 1}`}
                index={index}
                count={options.length}
                onMove={(delta) => move(index, delta)}
                iconSize={15}
                mt={4}
              />
              <ToolButton
                tip="حذف الخيار"
                label={`حذف الخيار ${index + 1}`}
                icon={<IconX size={15} />}
                onClick={() => remove(index)}
                danger
                mt={4}
              />
            </div>
          );
        })}
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => insert(options.length)}
          disabled={options.length >= MAX_OPTIONS}
          style={{ alignSelf: 'flex-start' }}
        >
          إضافة خيار
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}
