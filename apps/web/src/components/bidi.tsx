import { formatDateTime } from '@idara/domain';
import type { ReactNode } from 'react';

/** Numbers, phones and codes read left to right inside Arabic text. */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

/** 'hh:mm ص YYYY/MM/DD' isolated in its own (Arabic) direction: time first when read right to left. */
export function DateText({ value }: { value: string | Date }) {
  return <bdi style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</bdi>;
}
