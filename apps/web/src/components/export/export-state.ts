import { createStore, useStore } from '../../lib/create-store';

/**
 * The export dialog's state alone: the shell reads whether the dialog shows, and the export's work
 * (`export-store.ts`) loads with the first screen that exports.
 */
export interface ExportOption {
  label: string;
  /** The fileType sent to the export route, e.g. xlsx, csv, pdf. */
  value: string;
}

export type ExportQuery = Record<string, string | number | boolean>;

/** Spec §3 export state, field names as the spec spells them. */
export interface ExportState {
  show: boolean;
  /** Progress 0..100. */
  count: number;
  ExportOptions: ExportOption[];
  route: string;
  query: ExportQuery;
  /** Object URL of the downloaded file. */
  link: string;
  fileName: string;
  title: string;
  /** Rows of the list being exported, when known: the dialog explains file types too small for it. */
  total: number | null;
  /** `total` is a lower bound: the list holds more rows than it. */
  totalIsCapped: boolean;
  /** Counting the list up to the PDF limit, to know whether a PDF can hold it. */
  countingForPdf: boolean;
}

const initialState: ExportState = {
  show: false,
  count: 0,
  ExportOptions: [],
  route: '',
  query: {},
  link: '',
  fileName: '',
  title: '',
  total: null,
  totalIsCapped: false,
  countingForPdf: false,
};

export const exportStore = createStore<ExportState>(initialState);
export const useExportState = () => useStore(exportStore);
