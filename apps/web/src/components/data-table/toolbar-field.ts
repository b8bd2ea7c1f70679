import type { CSSProperties } from 'react';
import classes from './DataTable.module.css';

/**
 * Props giving a toolbar control the whole row on a phone and `width` from xs up. A class, not
 * Mantine's responsive `w={{ base, xs }}`, which adds a <style> element per control that the
 * browser parses and applies to the whole document as the list commits.
 */
export function toolbarField(width: number | 'auto', style?: CSSProperties) {
  return {
    className: classes.field,
    style: { '--field-w': typeof width === 'number' ? `${width}px` : width, ...style } as CSSProperties,
  };
}
